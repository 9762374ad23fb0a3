import { countOf } from '@app/shared/format';
import { orders, orderStatuses, paymentStatuses } from '@app/shared/resources';
import { formatPhone } from '@app/shared/phone';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Space, Typography, theme } from 'antd';
import { Link, useParams } from 'react-router';
import { BackButton } from '../../crud/DetailStatus';
import { CsvButton } from '../../crud/ExportCsvButton';
import ResourceForm from '../../crud/ResourceForm';
import { entryNamed } from '../../crud/entries';
import { StatusTag } from '../../fields/StatusTag';
import { trpc } from '../../providers/trpc';
import { WhatsAppButton } from '../WhatsAppButton';
import { shopDate } from '../../providers/shop-day';
import { EXPORTS } from '@app/shared/resources';

const entry = entryNamed('courseSessions');

/** A session: its form (the generated one), then who registered, with a call, a chat and the list to export. */
export default function SessionDetail() {
  const { id = '' } = useParams();
  const { token } = theme.useToken();
  const people = useQuery({
    queryKey: ['courseSessions', 'participants', id],
    queryFn: () => trpc.courseSessions.participants.query({ id }),
    enabled: id !== '',
  });
  const rows = people.data ?? [];
  const seats = rows.reduce((n, p) => n + p.seats, 0);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <BackButton to={entry.paths.list} label="Retour aux sessions" />
      <ResourceForm entry={entry} action="edit" />
      <Card
        title="Participants"
        extra={
          <CsvButton
            path={EXPORTS.participants}
            params={{ session: id }}
            counted={(n) => countOf(n, 'participant exporté', 'participants exportés')}
            label="Exporter"
          />
        }
      >
        {people.isSuccess && rows.length > 0 ? (
          <Typography.Paragraph>
            {countOf(seats, 'place réservée', 'places réservées')} · {countOf(rows.length, 'commande', 'commandes')} (les commandes annulées
            ne comptent pas)
          </Typography.Paragraph>
        ) : null}
        <List
          loading={people.isLoading}
          dataSource={rows}
          // In its own colour: antd's placeholder text is too pale for AA contrast.
          locale={{
            emptyText: (
              <span style={{ color: 'rgba(0, 0, 0, 0.62)' }}>
                {people.isError ? 'Impossible de charger les participants : réessayez.' : 'Aucun inscrit pour le moment'}
              </span>
            ),
          }}
          renderItem={(p) => (
            <List.Item key={p.orderId} style={{ display: 'block' }}>
              <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
                <Typography.Text strong>
                  {p.customerName} · {countOf(p.seats, 'place', 'places')}
                </Typography.Text>
                <Space wrap size={4}>
                  <StatusTag value={p.status} label={orderStatuses[p.status]} />
                  <StatusTag value={p.paymentStatus} label={paymentStatuses[p.paymentStatus]} />
                </Space>
              </span>
              <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', marginTop: 4 }}>
                <span>
                  {p.phone ? <a href={`tel:${p.phone}`}>{formatPhone(p.phone)}</a> : 'Au comptoir, sans téléphone'}
                  {p.email ? <Typography.Text type="secondary"> · {p.email}</Typography.Text> : null}
                </span>
                <Space wrap size={8}>
                  <Link to={`/${orders.admin.detail}/${p.orderId}`} style={{ color: token.colorLink }}>
                    {p.number}
                  </Link>
                  <Typography.Text type="secondary">{shopDate(p.createdAt)}</Typography.Text>
                  {p.phone ? <WhatsAppButton phone={p.phone} message={`Bonjour ${p.customerName},\n\n`} /> : null}
                </Space>
              </span>
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
