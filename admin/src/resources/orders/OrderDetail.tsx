import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatXOF, telLink } from '@app/shared/format';
import { itemTypes, type OrderLine, orders, orderStatuses, paymentMethods } from '@app/shared/resources';
import { type BaseRecord, useOne, useUpdate } from '@refinedev/core';
import { Button, Card, Descriptions, Result, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { WhatsAppButton } from '../WhatsAppButton';

type Status = keyof typeof orderStatuses;
const LIST = `/${orders.admin.route}`;
export const ORDER_STATUS_COLORS: Record<Status, string> = { new: 'blue', confirmed: 'cyan', shipped: 'purple', delivered: 'green', cancelled: 'red' };

/** One order: lines, delivery, totals in XOF, the customer's contact, and its status. */
export default function OrderDetail() {
  const { id = '' } = useParams();
  const { query, result: order } = useOne<BaseRecord>({ resource: orders.name, id, queryOptions: { retry: false } });
  const { mutate, mutation } = useUpdate();
  const [status, setStatus] = useState<Status>('new');
  useEffect(() => {
    if (order?.status) setStatus(order.status as Status);
  }, [order?.status]);

  const back = (
    <Link to={LIST}>
      <Button icon={<ArrowLeftOutlined />}>Retour aux commandes</Button>
    </Link>
  );
  if (query.isLoading) return <Spin tip="Chargement..."><div style={{ height: 200 }} /></Spin>;
  if (!order) return <Result status="404" title="Commande non trouvée" extra={back} />;

  const lines = (order.items ?? []) as OrderLine[];
  const delivery = order.delivery as { name: string; price: number } | null;
  const current = order.status as Status;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      {back}
      <Card
        title={<span style={{ whiteSpace: 'normal' }}>Commande {String(order.number)}</span>}
        extra={<Tag color={ORDER_STATUS_COLORS[current]}>{orderStatuses[current]}</Tag>}
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="Client">{String(order.customerName)}</Descriptions.Item>
          <Descriptions.Item label="Téléphone">
            <Space wrap>
              <a href={telLink(String(order.phone))}>{String(order.phone)}</a>
              <WhatsAppButton phone={String(order.phone)} />
            </Space>
          </Descriptions.Item>
          {order.email ? <Descriptions.Item label="E-mail">{String(order.email)}</Descriptions.Item> : null}
          <Descriptions.Item label="Ville">{String(order.city)}</Descriptions.Item>
          <Descriptions.Item label="Adresse">{String(order.address)}</Descriptions.Item>
          {order.note ? <Descriptions.Item label="Note">{String(order.note)}</Descriptions.Item> : null}
          <Descriptions.Item label="Paiement">{paymentMethods[order.paymentMethod as keyof typeof paymentMethods]}</Descriptions.Item>
          <Descriptions.Item label="Passée le">{dayjs(String(order.createdAt)).format('DD/MM/YYYY HH:mm')}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Articles">
        <Table<OrderLine> dataSource={lines} rowKey={(l) => `${l.type}-${l.id}`} pagination={false} size="small" scroll={{ x: 'max-content' }}>
          <Table.Column<OrderLine> title="Article" dataIndex="name" />
          <Table.Column<OrderLine> title="Type" dataIndex="type" render={(t: keyof typeof itemTypes) => itemTypes[t]} />
          <Table.Column<OrderLine> title="Prix unitaire" dataIndex="unitPrice" render={(v: number) => formatXOF(v)} />
          <Table.Column<OrderLine> title="Quantité" dataIndex="quantity" />
          <Table.Column<OrderLine> title="Total" render={(_, l) => formatXOF(l.unitPrice * l.quantity)} />
        </Table>
        <Descriptions column={1} size="small" style={{ marginTop: 16, maxWidth: 420 }} bordered>
          <Descriptions.Item label="Sous-total">{formatXOF(Number(order.subtotal))}</Descriptions.Item>
          <Descriptions.Item label={`Livraison${delivery ? ` (${delivery.name})` : ''}`}>{formatXOF(Number(order.deliveryCost))}</Descriptions.Item>
          <Descriptions.Item label="Total">
            <Typography.Text strong>{formatXOF(Number(order.total))}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Statut de la commande">
        <Space wrap>
          <Select<Status>
            aria-label="Nouveau statut"
            value={status}
            onChange={setStatus}
            style={{ minWidth: 200 }}
            options={Object.entries(orderStatuses).map(([value, label]) => ({ value: value as Status, label }))}
          />
          <Button
            type="primary"
            loading={mutation.isPending}
            disabled={status === current}
            onClick={() => mutate({ resource: orders.name, id, values: { status } })}
          >
            {mutation.isPending ? 'Envoi en cours...' : 'Mettre à jour le statut'}
          </Button>
        </Space>
      </Card>
    </Space>
  );
}
