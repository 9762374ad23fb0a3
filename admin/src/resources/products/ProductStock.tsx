import { EditOutlined } from '@ant-design/icons';
import { countOf } from '@app/shared/format';
import { adminRoutes, stockMovementKinds, stockMovements, stockReasons, type StockReason } from '@app/shared/resources';
import { useInvalidate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, List, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { toHttpError } from '../../providers/errors';
import { shopDateTime } from '../../providers/shop-day';
import { trpc } from '../../providers/trpc';

interface Values {
  to: number | null;
  untracked: boolean;
  reason: StockReason;
  note?: string;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * Under the product's form: its stock, « Corriger le stock » (the count wanted and why, one movement),
 * and its latest movements with who and why. The stock itself is not in the form once the product
 * is made: what sales change, nobody overwrites.
 */
export function ProductStock({ id }: { id: string }) {
  const { notification } = App.useApp();
  const invalidate = useInvalidate();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const product = useQuery({ queryKey: ['products', 'stock', id], queryFn: () => trpc.products.get.query({ id }), enabled: id !== '' });
  const history = useQuery({
    queryKey: ['stockMovements', 'of', id],
    queryFn: () => trpc.stockMovements.list.query({ filters: { product: id }, pageSize: 10 }),
    enabled: id !== '',
  });
  const stock = product.data?.stock ?? null;
  const untracked = Form.useWatch('untracked', form);

  async function save(values: Values) {
    setSaving(true);
    try {
      const to = values.untracked ? null : (values.to ?? null);
      if (to === null && !values.untracked) {
        form.setFields([{ name: 'to', errors: ['Saisissez le stock en rayon, ou cochez « Ne plus suivre le stock ».'] }]);
        return;
      }
      // The stock this screen showed: what sells meanwhile is kept, not overwritten.
      await trpc.products.correctStock.mutate({ id, to, seen: stock, reason: values.reason, note: values.note });
      notification.success({ message: to === null ? 'Le stock n’est plus suivi.' : 'Stock corrigé.' });
      setOpen(false);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['products', 'stock', id] }),
        client.invalidateQueries({ queryKey: ['stockMovements', 'of', id] }),
        invalidate({ resource: 'products', id, invalidates: ['detail', 'list'] }),
      ]);
    } catch (error) {
      const http = toHttpError(error);
      const fields = Object.entries(http.errors ?? {}).map(([name, errors]) => ({ name: name as keyof Values, errors: [String(errors)] }));
      if (fields.length) form.setFields(fields);
      notification.error({ message: 'Stock non corrigé', description: http.message });
    } finally {
      setSaving(false);
    }
  }

  const rows = history.data?.rows ?? [];
  const all = history.data?.total ?? 0;
  const name = product.data?.name;
  return (
    <Card
      title="Stock"
      extra={
        <Button
          icon={<EditOutlined />}
          disabled={!product.isSuccess}
          onClick={() => {
            form.resetFields();
            form.setFieldsValue({ to: stock, untracked: false, reason: undefined, note: '' });
            setOpen(true);
          }}
        >
          Corriger le stock
        </Button>
      }
    >
      <Typography.Paragraph style={{ fontSize: 16 }}>
        {product.isError
          ? 'Stock indisponible : réessayez.'
          : !product.isSuccess
            ? 'Chargement...'
            : stock === null
              ? 'Stock non suivi : le produit se vend sans limite.'
              : `${countOf(stock, 'unité', 'unités')} en stock.`}
      </Typography.Paragraph>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        Derniers mouvements
      </Typography.Title>
      <List
        loading={history.isLoading}
        dataSource={rows}
        locale={{
          emptyText: (
            <span style={{ color: 'rgba(0, 0, 0, 0.62)' }}>
              {history.isError ? 'Impossible de charger les mouvements : réessayez.' : 'Aucun mouvement pour le moment'}
            </span>
          ),
        }}
        renderItem={(m) => (
          <List.Item key={m.id} style={{ display: 'block' }}>
            <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
              <Typography.Text strong>
                {stockMovementKinds[m.kind]} {m.orderNumber ? `· ${m.orderNumber}` : ''}
              </Typography.Text>
              <Typography.Text strong style={{ color: m.quantity < 0 ? '#a8071a' : '#135200' }}>
                {signed(m.quantity)}
                {m.stockAfter === null ? '' : ` → ${m.stockAfter}`}
              </Typography.Text>
            </span>
            <Typography.Text type="secondary" style={{ color: 'rgba(0, 0, 0, 0.62)' }}>
              {shopDateTime(m.createdAt)} · {m.actor}
              {m.reason ? ` · ${stockReasons[m.reason]}` : ''}
              {m.note ? ` · ${m.note}` : ''}
            </Typography.Text>
          </List.Item>
        )}
      />
      {all > rows.length && name ? (
        <Link to={`/${adminRoutes(stockMovements).list.replace(/^\//, '')}?${new URLSearchParams({ q: name })}`}>
          Voir les {all} mouvements
        </Link>
      ) : null}
      <Modal
        open={open}
        title="Corriger le stock"
        okText="Enregistrer"
        cancelText="Annuler"
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={save} preserve={false}>
          <Typography.Paragraph>
            {stock === null ? 'Le stock n’est pas suivi.' : `Stock affiché : ${stock}.`} Ce qui se vend pendant que vous corrigez reste
            compté.
          </Typography.Paragraph>
          <Form.Item name="to" label="Stock en rayon" hidden={untracked}>
            <InputNumber min={0} max={1_000_000_000} precision={0} inputMode="numeric" style={{ width: '100%', maxWidth: 200 }} />
          </Form.Item>
          {stock !== null ? (
            <Form.Item name="untracked" valuePropName="checked">
              <Checkbox>Ne plus suivre le stock (vente sans limite)</Checkbox>
            </Form.Item>
          ) : null}
          <Form.Item name="reason" label="Motif" rules={[{ required: true, message: 'Choisissez un motif.' }]}>
            <Select
              placeholder="Choisir"
              options={Object.entries(stockReasons).map(([value, label]) => ({ value, label }))}
              style={{ maxWidth: 320 }}
            />
          </Form.Item>
          <Form.Item name="note" label="Note (facultative, sauf pour « Autre »)">
            <Input maxLength={300} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
