import { countOf, formatXOF } from '@app/shared/format';
import { orderStatuses, cryptoTypes } from '@app/shared/resources';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, List, Row, Spin, Statistic, Tag, Typography } from 'antd';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import type { AdminEntry } from '../crud/registry';
import { toHttpError } from '../providers/errors';
import { takeEarlyDashboard } from '../providers/session';
import { trpc } from '../providers/trpc';
import { PageTitle } from '../layout/PageTitle';
import { BackupLine, BackupWarning } from './BackupStatus';
import { SalesCharts } from './SalesCharts';
import { shopDateTime } from '../providers/shop-day';

type DashboardStats = Awaited<ReturnType<typeof trpc.dashboard.stats.query>>;

const pathOf = (entries: readonly AdminEntry[], name: string) => entries.find((e) => e.name === name)?.paths;

/** What the owner checks first: new orders, sales of the last 30 days, requests and messages waiting. */
export default function DashboardPage({ entries }: { entries: readonly AdminEntry[] }) {
  // Refreshed every 30 s: a new order shows up without reloading the page.
  const stats = useQuery({
    queryKey: ['dashboard', 'stats'],
    queryFn: () => takeEarlyDashboard() ?? trpc.dashboard.stats.query(),
    refetchInterval: 30_000,
  });
  const orders = pathOf(entries, 'orders');
  const verifications = pathOf(entries, 'cryptoVerifications');
  const messages = pathOf(entries, 'contactMessages');
  const newsletter = pathOf(entries, 'newsletterSubscribers');
  const settingsPath = pathOf(entries, 'settings')?.list ?? '/settings';
  // The figures first, the lists and charts under them (below the fold on a phone) in a second,
  // interruptible render: on a slow phone the tiles showed only once everything was built.
  const later = useDeferredValue(stats.data);

  if (stats.isError)
    return (
      <Alert type="error" showIcon message="Impossible de charger le tableau de bord" description={toHttpError(stats.error).message} />
    );
  if (!stats.data)
    return (
      <Spin tip="Chargement...">
        <div style={{ height: 200 }} />
      </Spin>
    );
  const s = stats.data;
  const tiles = [
    { title: 'Nouvelles commandes', value: s.newOrders, to: orders?.list },
    {
      title: 'Chiffre d’affaires (30 jours)',
      value: formatXOF(s.revenue30d),
      to: orders?.list,
      hint: countOf(s.orders30d, 'commande livrée ou payée', 'commandes livrées ou payées'),
    },
    { title: 'Vérifications en attente', value: s.pendingVerifications, to: verifications?.list },
    { title: 'Messages non lus', value: s.unreadMessages, to: messages?.list },
    { title: 'Abonnés à la newsletter', value: s.subscribers, to: newsletter?.list },
  ];
  return (
    <div>
      <PageTitle style={{ marginBottom: 16 }}>Tableau de bord</PageTitle>
      {s.backup && <BackupWarning backup={s.backup} />}
      {s.settingsToFill.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="Paramètres à compléter"
          description={
            <>
              La boutique montre encore aux clients des valeurs d’exemple : {s.settingsToFill.join(', ')}.{' '}
              <Link to={settingsPath}>Compléter les paramètres</Link>
            </>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        {tiles.map((tile) => (
          <Col key={tile.title} xs={24} sm={12} lg={8} xl={8} xxl={4}>
            <Link to={tile.to ?? '/'}>
              <Card hoverable size="small">
                <Statistic title={tile.title} value={tile.value} />
                {tile.hint ? <Typography.Text type="secondary">{tile.hint}</Typography.Text> : null}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      {later ? <DashboardDetails s={later} entries={entries} /> : null}
    </div>
  );
}

/** The latest orders, pending requests, low stock and sales charts, under the figures. */
function DashboardDetails({ s, entries }: { s: DashboardStats; entries: readonly AdminEntry[] }) {
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
      <SalesCharts />
      {s.backup && (
        <div style={{ marginTop: 16 }}>
          <BackupLine backup={s.backup} />
        </div>
      )}
    </>
  );
}
