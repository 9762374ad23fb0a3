import { EditOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { retryUnlessRefused } from '../../providers/errors';
import { MANAGERS, may, orderMargin, statusMessage, trackingPath } from '@app/shared';
import { formatDiscount, formatXOF, telLink } from '@app/shared/format';
import { formatPhone } from '@app/shared/phone';
import {
  deliveryLine,
  amountDue,
  discountLine,
  itemTypes,
  type OrderLine,
  orderChannels,
  orders,
  orderStatuses,
  paymentMethods,
  type RowOfResource,
} from '@app/shared/resources';

export type Order = RowOfResource<typeof orders>;
import { useOne } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Grid, List, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { WhatsAppButton } from '../WhatsAppButton';
import { CustomerLink } from '../customers/CustomerLink';
import { CustomerEditor } from './CustomerEditor';
import { OnlinePayments } from './OnlinePayments';
import { OrderCourier } from './OrderCourier';
import { OrderInvoices } from './OrderInvoices';
import { OrderProcess } from './OrderProcess';
import { OrderReturns } from './OrderReturns';
import { OrderTimeline } from './OrderTimeline';
import { useOrderActions } from './useOrderActions';
import { PageTitle } from '../../layout/PageTitle';
import { StatusTag } from '../../fields/StatusTag';
import { BackButton, DetailStatus } from '../../crud/DetailStatus';
import { shopDateTime } from '../../providers/shop-day';
import { useMe } from '../../providers/me';

const LIST = `/${orders.admin.route}`;
/** An amount that never breaks across two lines. */
const money = (amount: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatXOF(amount)}</span>;

/** One order: the customer, lines and totals in XOF, its process (status, payment), history and notes; printable as a slip. */
export default function OrderDetail() {
  const { id = '' } = useParams();
  const { query, result: order } = useOne<Order>({ resource: orders.name, id, queryOptions: { retry: retryUnlessRefused } });
  const actions = useOrderActions(id, () => query.refetch());
  const [editing, setEditing] = useState(false);
  const narrow = !Grid.useBreakpoint().md;
  const { data: me } = useMe();
  const canAssign = may(me?.role, MANAGERS);

  const back = <BackButton to={LIST} label="Retour aux commandes" className="no-print" />;
  if (!order) return <DetailStatus loading={query.isLoading} title="Commande non trouvée" back={back} />;

  const lines = order.items;
  const delivery = deliveryLine(order);
  const discount = discountLine(order);
  const margin = orderMargin(lines, order.lineCosts);
  const status = order.status;
  const phone = order.phone;
  const tracking = `${window.location.origin}${trackingPath(order.trackingToken)}`;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <Space wrap className="no-print">
        {back}
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          Imprimer le bon de livraison
        </Button>
        {/* The customer's document as she gets it: the receipt, or the normalized invoice once issued. */}
        <Button icon={<FilePdfOutlined />} href={`${trackingPath(order.trackingToken)}/recu.pdf`} target="_blank" rel="noopener">
          Reçu ou facture (PDF)
        </Button>
      </Space>
      {order.review ? <Alert type="warning" showIcon message={orders.fields.review.label} description={order.review} /> : null}
      <Card
        title={<PageTitle style={{ fontSize: 18 }}>Commande {order.number}</PageTitle>}
        extra={<StatusTag value={status} label={orderStatuses[status]} />}
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="Client">
            <Space wrap>
              {order.customerName}
              {phone ? (
                <span className="no-print">
                  <CustomerLink phone={phone} />
                </span>
              ) : null}
            </Space>
          </Descriptions.Item>
          {phone ? (
            <Descriptions.Item label="Téléphone">
              <Space wrap>
                <a href={telLink(phone)}>{formatPhone(phone)}</a>
                <span className="no-print">
                  <WhatsAppButton
                    phone={phone}
                    label="Prévenir sur WhatsApp"
                    message={statusMessage(status, order.customerName, order.number, tracking)}
                  />
                </span>
                <Link className="no-print" to={`/whatsapp?phone=${encodeURIComponent(phone)}`}>
                  Conversation WhatsApp
                </Link>
              </Space>
            </Descriptions.Item>
          ) : null}
          {order.email ? <Descriptions.Item label="E-mail">{order.email}</Descriptions.Item> : null}
          {order.city ? <Descriptions.Item label="Ville">{order.city}</Descriptions.Item> : null}
          {order.address ? <Descriptions.Item label="Adresse">{order.address}</Descriptions.Item> : null}
          {order.note ? <Descriptions.Item label="Note du client">{order.note}</Descriptions.Item> : null}
          <Descriptions.Item label="Paiement">
            {paymentMethods[order.paymentMethod]}
            {order.paymentReference ? ` · réf. ${order.paymentReference}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="Passée le">{shopDateTime(order.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={orders.fields.channel.label}>{orderChannels[order.channel]}</Descriptions.Item>
          {order.buyerIfu ? <Descriptions.Item label={orders.fields.buyerIfu.label}>{order.buyerIfu}</Descriptions.Item> : null}
        </Descriptions>
        <Button className="no-print" icon={<EditOutlined />} onClick={() => setEditing(true)} style={{ marginTop: 8 }}>
          Modifier les coordonnées
        </Button>
      </Card>
      <Card title="Articles">
        {narrow ? (
          // At phone width, one line per article: no table to swipe sideways.
          <List<OrderLine>
            dataSource={lines}
            rowKey={(l) => `${l.type}-${l.id}`}
            size="small"
            renderItem={(l) => (
              <List.Item>
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, width: '100%' }}>
                  <div>
                    <Typography.Text strong>
                      {l.quantity} × {l.name}
                    </Typography.Text>
                    <div>
                      <Typography.Text type="secondary">
                        {itemTypes[l.type as keyof typeof itemTypes]} · {money(l.unitPrice)} l’unité
                      </Typography.Text>
                    </div>
                  </div>
                  <Typography.Text strong>{money(l.unitPrice * l.quantity)}</Typography.Text>
                </div>
              </List.Item>
            )}
          />
        ) : (
          <Table<OrderLine> dataSource={lines} rowKey={(l) => `${l.type}-${l.id}`} pagination={false} size="small">
            <Table.Column<OrderLine> title="Article" dataIndex="name" />
            <Table.Column<OrderLine> title="Type" dataIndex="type" render={(t: keyof typeof itemTypes) => itemTypes[t]} />
            <Table.Column<OrderLine> title="Prix unitaire" dataIndex="unitPrice" align="right" render={(v: number) => money(v)} />
            <Table.Column<OrderLine> title="Quantité" dataIndex="quantity" align="right" />
            <Table.Column<OrderLine> title="Total" align="right" render={(_, l) => money(l.unitPrice * l.quantity)} />
          </Table>
        )}
        <Descriptions column={1} size="small" style={{ marginTop: 16, maxWidth: 420 }} bordered>
          <Descriptions.Item label="Sous-total">{money(Number(order.subtotal))}</Descriptions.Item>
          {discount && (
            <Descriptions.Item label={discount}>
              <span style={{ whiteSpace: 'nowrap' }}>{formatDiscount(Number(order.discount))}</span>
            </Descriptions.Item>
          )}
          {delivery && <Descriptions.Item label={delivery}>{money(Number(order.deliveryCost))}</Descriptions.Item>}
          <Descriptions.Item label="Total">
            <Typography.Text strong>{money(Number(order.total))}</Typography.Text>
          </Descriptions.Item>
          {Number(order.creditAmount) > 0 ? (
            <Descriptions.Item label="Payé par avoir">{formatDiscount(Number(order.creditAmount))}</Descriptions.Item>
          ) : null}
          {Number(order.creditAmount) > 0 ? <Descriptions.Item label="Reste à payer">{money(amountDue(order))}</Descriptions.Item> : null}
          {/* The managers' alone (the server sends the costs to no one else), never on paper. */}
          {margin ? (
            <Descriptions.Item label="Marge brute" className="no-print">
              {money(margin.margin)} ({Math.round((100 * margin.margin) / (margin.costed || 1))} %)
              <div>
                <Typography.Text type="secondary">
                  Coût d’achat {money(margin.cost)}
                  {margin.costed < Number(order.subtotal) - Number(order.discount)
                    ? `, sur ${money(margin.costed)} d’articles au coût connu`
                    : ''}
                </Typography.Text>
              </div>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <div className="no-print">
        <OrderProcess status={status} payment={order.paymentStatus} actions={actions} />
      </div>
      <div className="no-print">
        <OrderReturns orderId={order.id} trackingToken={order.trackingToken} onDone={() => void query.refetch()} />
      </div>
      {order.address && order.channel !== 'counter' && canAssign && (
        <div className="no-print">
          <OrderCourier orderId={order.id} onChanged={() => void query.refetch()} />
        </div>
      )}
      <div className="no-print">
        <OnlinePayments actions={actions} />
      </div>
      <div className="no-print">
        <OrderInvoices actions={actions} trackingToken={order.trackingToken} />
      </div>
      <div className="no-print">
        <OrderTimeline actions={actions} />
      </div>
      <CustomerEditor order={order} open={editing} onClose={() => setEditing(false)} onSaved={() => void query.refetch()} />
    </Space>
  );
}
