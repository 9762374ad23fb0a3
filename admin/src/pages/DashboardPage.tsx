import { countOf, formatXOF } from '@app/shared/format';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Spin, Statistic, Typography } from 'antd';
import { lazy, Suspense, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { pathOf } from '../crud/places';
import type { AdminPlace } from '../crud/registry';
import { toHttpError } from '../providers/errors';
import { dashboardStats, takeEarly } from '../providers/session';
import { PageTitle } from '../layout/PageTitle';
import { BackupWarning } from './BackupStatus';

// Under the figures, fetched once they show: on a slow link the back-office's first screen does
// not wait for the lists' and charts' code (antd's List, Select, DatePicker).
const DashboardDetails = lazy(() => import('./DashboardDetails'));

/** What the owner checks first: new orders, sales of the last 30 days, requests and messages waiting. */
export default function DashboardPage({ entries }: { entries: readonly AdminPlace[] }) {
  // Refreshed every 30 s: a new order shows up without reloading the page.
  const stats = useQuery({
    queryKey: ['dashboard', 'stats'],
    queryFn: () => takeEarly('dashboard', dashboardStats),
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
      {later ? (
        <Suspense fallback={null}>
          <DashboardDetails s={later} entries={entries} />
        </Suspense>
      ) : null}
    </div>
  );
}
