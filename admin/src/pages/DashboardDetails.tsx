import { countOf, formatXOF } from '@app/shared/format';
import { cryptoTypes, orderStatuses } from '@app/shared/labels';
import { Card, Col, List, Row, Tag, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { pathOf, withId } from '../crud/places';
import type { AdminPlace } from '../crud/registry';
import type { RouterOutputs } from '../providers/trpc';
import { shopDateTime } from '../providers/shop-day';
import { type Backups, when } from './BackupStatus';

const SalesCharts = lazy(() => import('./SalesCharts').then((m) => ({ default: m.SalesCharts })));

type DashboardStats = RouterOutputs['dashboard']['stats'];

const size = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;

/** The latest orders, pending requests, low stock and sales charts, under the figures. */
export default function DashboardDetails({ s, entries }: { s: DashboardStats; entries: readonly AdminPlace[] }) {
  const products = pathOf(entries, 'products');
  const orders = pathOf(entries, 'orders');
  const verifications = pathOf(entries, 'cryptoVerifications');
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Panel
          title="Dernières commandes"
          link={orders && <Link to={orders.list}>Tout voir</Link>}
          rows={s.latestOrders}
          empty="Aucune commande trouvée"
          line={(o) => ({
            title: orders?.show ? <Link to={withId(orders.show, o.id)}>{o.number}</Link> : o.number,
            description: `${o.customerName} · ${formatXOF(o.total)} · ${shopDateTime(o.createdAt)}`,
            extra: <Tag>{orderStatuses[o.status as keyof typeof orderStatuses] ?? o.status}</Tag>,
          })}
        />
        <Panel
          title="Vérifications en attente"
          link={verifications && <Link to={verifications.list}>Tout voir</Link>}
          rows={s.pendingList}
          empty="Aucune demande trouvée"
          line={(v) => ({
            title: verifications?.show ? <Link to={withId(verifications.show, v.id)}>{v.name}</Link> : v.name,
            description: `${cryptoTypes[v.cryptoType as keyof typeof cryptoTypes] ?? v.cryptoType} · ${shopDateTime(v.createdAt)}`,
          })}
        />
        <Panel
          title="Stock bas"
          link={products && <Link to={products.list}>Produits</Link>}
          rows={s.lowStock}
          empty="Aucun produit en stock bas"
          line={(p) => ({
            title: products?.edit ? <Link to={withId(products.edit, p.id)}>{p.name}</Link> : p.name,
            description: `Seuil : ${p.lowStockThreshold}`,
            extra: (
              <Tag color={p.stock === 0 ? 'red' : 'orange'}>{p.stock === 0 ? 'Rupture' : countOf(p.stock, 'restant', 'restants')}</Tag>
            ),
          })}
        />
      </Row>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        Stock en rayon : {countOf(s.stockValue.units, 'unité', 'unités')}, valeur au coût d’achat {formatXOF(s.stockValue.atCost)}
        {s.stockValue.uncosted ? ` (sans ${countOf(s.stockValue.uncosted, 'article', 'articles')} dont le coût n’est pas saisi)` : ''}.
      </Typography.Paragraph>
      <Suspense fallback={null}>
        <SalesCharts />
      </Suspense>
      {s.backup && <BackupLine backup={s.backup} />}
    </>
  );
}

/** One of the lists under the figures: its title, the way to the whole list, a line a record. */
function Panel<T extends { id: string }>({
  title,
  link,
  rows,
  empty,
  line,
}: {
  title: string;
  link: ReactNode;
  rows: readonly T[];
  empty: string;
  line: (row: T) => { title: ReactNode; description: string; extra?: ReactNode };
}) {
  return (
    <Col xs={24} lg={12}>
      <Card title={title} extra={link}>
        <List
          dataSource={rows as T[]}
          rowKey="id"
          locale={{ emptyText: empty }}
          renderItem={(row) => {
            const { extra, ...meta } = line(row);
            return (
              <List.Item extra={extra}>
                <List.Item.Meta {...meta} />
              </List.Item>
            );
          }}
        />
      </Card>
    </Col>
  );
}

/** The last week's backups, under the dashboard: each night's file and size, or why it failed. */
function BackupLine({ backup }: { backup: Backups }) {
  if (!backup.recent.length) return null;
  return (
    <Card size="small" title={<h2 style={{ fontSize: 14, margin: 0 }}>Sauvegardes</h2>} style={{ marginTop: 16 }}>
      <List
        size="small"
        dataSource={backup.recent}
        renderItem={(run) => (
          <List.Item>
            <List.Item.Meta
              title={
                <>
                  {when(run.at)} {run.error ? <Tag color="red">Échec</Tag> : <Tag color="green">{size(run.bytes ?? 0)}</Tag>}
                </>
              }
              description={
                <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                  {run.error ?? run.file}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
