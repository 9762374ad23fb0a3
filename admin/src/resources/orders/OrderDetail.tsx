import { ArrowLeftOutlined, EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { type OrderStatus, type PaymentStatus, statusMessage, trackingPath } from '@app/shared';
import { formatXOF, telLink } from '@app/shared/format';
import { formatPhone } from '@app/shared/phone';
import { itemTypes, type OrderLine, orders, orderStatuses, paymentMethods } from '@app/shared/resources';
import { type BaseRecord, useOne } from '@refinedev/core';
import { Button, Card, Descriptions, Result, Space, Spin, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { WhatsAppButton } from '../WhatsAppButton';
import { CustomerEditor } from './CustomerEditor';
import { OnlinePayments } from './OnlinePayments';
import { OrderProcess } from './OrderProcess';
import { OrderTimeline } from './OrderTimeline';
import { useOrderActions } from './useOrderActions';
import { PageTitle } from '../../layout/PageTitle';
import { StatusTag } from '../../fields/StatusTag';

const LIST = `/${orders.admin.route}`;

/** One order: the customer, lines and totals in XOF, its process (status, payment), history and notes; printable as a slip. */
export default function OrderDetail() {
  const { id = '' } = useParams();
  const { query, result: order } = useOne<BaseRecord>({ resource: orders.name, id, queryOptions: { retry: false } });
  const actions = useOrderActions(id, () => query.refetch());
  const [editing, setEditing] = useState(false);

  const back = (
    <Link to={LIST} className="no-print">
      <Button icon={<ArrowLeftOutlined />}>Retour aux commandes</Button>
    </Link>
  );
  if (query.isLoading)
    return (
      <Spin tip="Chargement...">
        <div style={{ height: 200 }} />
      </Spin>
    );
  if (!order) return <Result status="404" title="Commande non trouvée" extra={back} />;

  const lines = (order.items ?? []) as OrderLine[];
  const delivery = order.delivery as { name: string; price: number } | null;
  const status = order.status as OrderStatus;
  const phone = String(order.phone);
  const tracking = `${window.location.origin}${trackingPath(String(order.trackingToken))}`;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <Space wrap className="no-print">
        {back}
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          Imprimer le bon de livraison
        </Button>
      </Space>
      <Card
        title={<PageTitle style={{ fontSize: 18 }}>Commande {String(order.number)}</PageTitle>}
        extra={<StatusTag value={status} label={orderStatuses[status]} />}
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="Client">{String(order.customerName)}</Descriptions.Item>
          <Descriptions.Item label="Téléphone">
            <Space wrap>
              <a href={telLink(phone)}>{formatPhone(phone)}</a>
              <span className="no-print">
                <WhatsAppButton
                  phone={phone}
                  label="Prévenir sur WhatsApp"
                  message={statusMessage(status, String(order.customerName), String(order.number), tracking)}
                />
              </span>
            </Space>
          </Descriptions.Item>
          {order.email ? <Descriptions.Item label="E-mail">{String(order.email)}</Descriptions.Item> : null}
          {order.city ? <Descriptions.Item label="Ville">{String(order.city)}</Descriptions.Item> : null}
          {order.address ? <Descriptions.Item label="Adresse">{String(order.address)}</Descriptions.Item> : null}
          {order.note ? <Descriptions.Item label="Note du client">{String(order.note)}</Descriptions.Item> : null}
          <Descriptions.Item label="Paiement">
            {paymentMethods[order.paymentMethod as keyof typeof paymentMethods]}
            {order.paymentReference ? ` · réf. ${String(order.paymentReference)}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="Passée le">{dayjs(String(order.createdAt)).format('DD/MM/YYYY HH:mm')}</Descriptions.Item>
        </Descriptions>
        <Button className="no-print" icon={<EditOutlined />} onClick={() => setEditing(true)} style={{ marginTop: 8 }}>
          Modifier les coordonnées
        </Button>
      </Card>
      <Card title="Articles">
        <Table<OrderLine>
          dataSource={lines}
          rowKey={(l) => `${l.type}-${l.id}`}
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
        >
          <Table.Column<OrderLine> title="Article" dataIndex="name" />
          <Table.Column<OrderLine> title="Type" dataIndex="type" render={(t: keyof typeof itemTypes) => itemTypes[t]} />
          <Table.Column<OrderLine> title="Prix unitaire" dataIndex="unitPrice" render={(v: number) => formatXOF(v)} />
          <Table.Column<OrderLine> title="Quantité" dataIndex="quantity" />
          <Table.Column<OrderLine> title="Total" render={(_, l) => formatXOF(l.unitPrice * l.quantity)} />
        </Table>
        <Descriptions column={1} size="small" style={{ marginTop: 16, maxWidth: 420 }} bordered>
          <Descriptions.Item label="Sous-total">{formatXOF(Number(order.subtotal))}</Descriptions.Item>
          <Descriptions.Item label={`Livraison${delivery ? ` (${delivery.name})` : ''}`}>
            {formatXOF(Number(order.deliveryCost))}
          </Descriptions.Item>
          <Descriptions.Item label="Total">
            <Typography.Text strong>{formatXOF(Number(order.total))}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <div className="no-print">
        <OrderProcess status={status} payment={order.paymentStatus as PaymentStatus} actions={actions} />
      </div>
      <div className="no-print">
        <OnlinePayments actions={actions} />
      </div>
      <div className="no-print">
        <OrderTimeline actions={actions} />
      </div>
      <CustomerEditor order={order} open={editing} onClose={() => setEditing(false)} onSaved={() => void query.refetch()} />
    </Space>
  );
}
