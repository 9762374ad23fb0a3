import { adminPath, customers, orders, orderStatuses, paymentStatuses, type RowOfResource } from '@app/shared/resources';
import { formatXOF } from '@app/shared/format';
import { formatPhone } from '@app/shared/phone';
import { useList, useOne } from '@refinedev/core';
import { Card, Descriptions, List, Space, theme, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { BackButton, DetailStatus } from '../../crud/DetailStatus';
import { columnLabel, renderCell } from '../../fields/columns';
import { StatusTag } from '../../fields/StatusTag';
import { PageTitle } from '../../layout/PageTitle';
import { retryUnlessRefused } from '../../providers/errors';
import { SEARCH_FILTER } from '../../providers/data-provider';
import { WhatsAppButton } from '../WhatsAppButton';
import { StopOffers } from './StopOffers';
import { CustomerPoints } from './CustomerPoints';
import { shopDateTime } from '../../providers/shop-day';

type Customer = RowOfResource<typeof customers>;
type Order = RowOfResource<typeof orders>;

const LIST = adminPath(customers).replace(/^\/admin/, '');
const ORDERS = adminPath(orders).replace(/^\/admin/, '');
const SHOWN = 20;
/** What the card says about a customer, in the declaration's order and labels. */
const FACTS = [
  'names',
  'ordersCount',
  'totalSpent',
  'firstOrderAt',
  'lastOrderAt',
  'city',
  'email',
  'marketingConsent',
  'lastSignInAt',
  'erasureRequestedAt',
] as const;

/** One customer: what they bought and spent, their orders (newest first), and a WhatsApp chat. */
export default function CustomerDetail() {
  const { id = '' } = useParams();
  // The theme's link colour (AA contrast), for the order numbers in rows that are links themselves.
  const { token } = theme.useToken();
  const { query, result: customer } = useOne<Customer>({ resource: customers.name, id, queryOptions: { retry: retryUnlessRefused } });
  const phone = customer?.phone ?? '';
  // The orders search finds a whole number by equality on the phone index.
  const { result: placed, query: ordersQuery } = useList<Order>({
    resource: orders.name,
    pagination: { currentPage: 1, pageSize: SHOWN },
    filters: [{ field: SEARCH_FILTER, operator: 'contains', value: phone }],
    queryOptions: { enabled: phone !== '' },
  });

  const back = <BackButton to={LIST} label="Retour aux clients" />;
  if (!customer)
    return <DetailStatus loading={query.isLoading} title="Client introuvable" subTitle="Ce client n'existe pas ou plus." back={back} />;

  const total = placed.total ?? 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      {back}
      <Card
        title={<PageTitle style={{ fontSize: 18 }}>{customer.name}</PageTitle>}
        extra={<WhatsAppButton phone={customer.phone} size="middle" message={`Bonjour ${customer.name},\n\n`} />}
      >
        <Typography.Paragraph style={{ fontSize: 16 }}>
          <a href={`tel:${customer.phone}`}>{formatPhone(customer.phone)}</a>
          {' · '}
          <Link to={`/whatsapp?phone=${encodeURIComponent(customer.phone)}`}>Conversation WhatsApp</Link>
        </Typography.Paragraph>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          {FACTS.map((key) => (
            <Descriptions.Item key={key} label={columnLabel(customers, key)}>
              {renderCell(customers.fields[key], customer[key])}
            </Descriptions.Item>
          ))}
        </Descriptions>
        <StopOffers customer={customer} onDone={() => void query.refetch()} />
      </Card>
      <CustomerPoints id={customer.id} />
      <Card title={`Commandes (${total})`} size="small">
        <List
          loading={ordersQuery.isLoading}
          dataSource={placed.data}
          locale={{ emptyText: 'Aucune commande' }}
          renderItem={(order) => (
            // The whole row opens the order: a thumb's target on a phone.
            <List.Item key={order.id} style={{ padding: 0 }}>
              <Link
                to={`/${orders.admin.detail}/${order.id}`}
                style={{ display: 'block', width: '100%', padding: '10px 0', color: 'inherit' }}
              >
                <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
                  <Typography.Text strong style={{ color: token.colorLink }}>
                    {order.number}
                  </Typography.Text>
                  <strong style={{ whiteSpace: 'nowrap' }}>{formatXOF(order.total)}</strong>
                </span>
                <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', marginTop: 4 }}>
                  <Typography.Text type="secondary">
                    {shopDateTime(order.createdAt)}
                    {order.customerName !== customer.name ? ` · ${order.customerName}` : ''}
                  </Typography.Text>
                  <Space wrap size={4}>
                    <StatusTag value={order.status} label={orderStatuses[order.status]} />
                    <StatusTag value={order.paymentStatus} label={paymentStatuses[order.paymentStatus]} />
                  </Space>
                </span>
              </Link>
            </List.Item>
          )}
        />
        {total > SHOWN ? <Link to={`${ORDERS}?${new URLSearchParams({ q: customer.phone })}`}>Voir ses {total} commandes</Link> : null}
      </Card>
    </Space>
  );
}
