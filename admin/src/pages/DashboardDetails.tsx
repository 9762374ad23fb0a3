import { countOf, formatXOF } from '@app/shared/format';
import { cryptoTypes, orderStatuses } from '@app/shared/resources';
import { Card, Col, List, Row, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { pathOf } from '../crud/places';
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
        <Col xs={24} lg={12}>
          <Card title="Dernières commandes" extra={orders ? <Link to={orders.list}>Tout voir</Link> : null}>
            <List
              dataSource={s.latestOrders}
              locale={{ emptyText: 'Aucune commande trouvée' }}
              renderItem={(o) => (
                <List.Item extra={<Tag>{orderStatuses[o.status as keyof typeof orderStatuses] ?? o.status}</Tag>}>
                  <List.Item.Meta
                    title={orders?.show ? <Link to={orders.show.replace(':id', o.id)}>{o.number}</Link> : o.number}
                    description={`${o.customerName} · ${formatXOF(o.total)} · ${shopDateTime(o.createdAt)}`}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Vérifications en attente" extra={verifications ? <Link to={verifications.list}>Tout voir</Link> : null}>
            <List
              dataSource={s.pendingList}
              locale={{ emptyText: 'Aucune demande trouvée' }}
              renderItem={(v) => (
                <List.Item>
                  <List.Item.Meta
                    title={verifications?.show ? <Link to={verifications.show.replace(':id', v.id)}>{v.name}</Link> : v.name}
                    description={`${cryptoTypes[v.cryptoType as keyof typeof cryptoTypes] ?? v.cryptoType} · ${shopDateTime(v.createdAt)}`}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Stock bas" extra={products ? <Link to={products.list}>Produits</Link> : null}>
            <List
              dataSource={s.lowStock}
              locale={{ emptyText: 'Aucun produit en stock bas' }}
              renderItem={(p) => (
                <List.Item
                  extra={
                    <Tag color={p.stock === 0 ? 'red' : 'orange'}>
                      {p.stock === 0 ? 'Rupture' : countOf(p.stock, 'restant', 'restants')}
                    </Tag>
                  }
                >
                  <List.Item.Meta
                    title={products?.edit ? <Link to={products.edit.replace(':id', p.id)}>{p.name}</Link> : p.name}
                    description={`Seuil : ${p.lowStockThreshold}`}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      <Suspense fallback={null}>
        <SalesCharts />
      </Suspense>
      {s.backup && <BackupLine backup={s.backup} />}
    </>
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
