import { FilePdfOutlined, RollbackOutlined } from '@ant-design/icons';
import { formatXOF } from '@app/shared/format';
import {
  type RequestedLine,
  refundMethods,
  refundOf,
  returnItemStates,
  returnReasons,
  returnRequests,
  returnRequestStatuses,
  returns,
} from '@app/shared/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Image, Input, InputNumber, List, Modal, Radio, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useMay } from '../../crud/useMay';
import { toHttpError } from '../../providers/errors';
import { shopDateTime } from '../../providers/shop-day';
import { trpc } from '../../providers/trpc';

type Method = keyof typeof refundMethods;
type Request = { id: string; lines: RequestedLine[]; reason: keyof typeof returnReasons };
type State = keyof typeof returnItemStates;
const muted = { color: 'rgba(0, 0, 0, 0.62)' };

/**
 * Under a paid order: its returns, and « Retour d’articles »: the lines and quantities brought back
 * (never more than sold less what came back), what becomes of each, why, and how the customer is
 * paid back (from the drawer, by Mobile Money with the transfer's reference, or as credit on the
 * phone). The server checks it all again, and who may refund how much (counter/returns.ts).
 * Above them, the customer's requests from the tracking page: answered here, and refunded with
 * their lines filled in once the articles are back (orders/return-requests.ts).
 */
export function OrderReturns({ orderId, trackingToken, onDone }: { orderId: string; trackingToken: string; onDone: () => void }) {
  const { notification } = App.useApp();
  const client = useQueryClient();
  const mayReturn = useMay(returns.team.write);
  const made = useQuery({
    queryKey: ['orders', 'history', orderId, 'returns'],
    queryFn: () => trpc.returns.list.query({ filters: { sale: orderId }, pageSize: 50, sort: 'createdAt', order: 'asc' }),
  });
  const asked = useQuery({
    queryKey: ['orders', 'history', orderId, 'returnRequests'],
    queryFn: () => trpc.returnRequests.list.query({ filters: { sale: orderId }, pageSize: 20, sort: 'createdAt', order: 'desc' }),
  });
  const left = useQuery({
    queryKey: ['orders', 'history', orderId, 'returnable'],
    queryFn: () => trpc.returns.returnable.query({ id: orderId }),
    enabled: mayReturn,
  });
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [states, setStates] = useState<Record<string, State>>({});
  const [reason, setReason] = useState<keyof typeof returnReasons | undefined>();
  const [method, setMethod] = useState<Method>('cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [delivery, setDelivery] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [answering, setAnswering] = useState<{ id: string; accept: boolean } | null>(null);
  const [answer, setAnswer] = useState('');
  const [request, setRequest] = useState<Request | null>(null);

  const info = left.data;
  const lines = info?.lines ?? [];
  const id = (l: { type: string; id: string }) => `${l.type}:${l.id}`;
  const amount = lines.reduce((sum, l) => sum + refundOf(l, quantities[id(l)] ?? 0), 0) + (delivery ? (info?.deliveryCost ?? 0) : 0);
  const canReturn = info && info.status !== 'cancelled' && info.paymentStatus === 'paid' && lines.some((l) => l.left > 0);

  function start(from: Request | null = null) {
    setRequest(from);
    setQuantities(Object.fromEntries((from?.lines ?? []).map((l) => [id(l), l.quantity])));
    setStates({});
    setReason(from?.reason);
    setMethod('cash');
    setReference('');
    setNote('');
    setDelivery(false);
    setError(null);
    setKey(crypto.randomUUID());
    setOpen(true);
  }

  async function save() {
    setSaving(true);
    setError(null);
    try {
      if (!reason) throw new Error('Choisissez un motif.');
      const { ret } = await trpc.returns.make.mutate({
        orderId,
        lines: lines.map((l) => ({ id: l.id, type: l.type, quantity: quantities[id(l)] ?? 0, state: states[id(l)] ?? 'restocked' })),
        reason,
        note: note || undefined,
        refundMethod: method,
        reference: reference || undefined,
        refundDelivery: delivery,
        requestId: request?.id,
        idempotencyKey: key,
      });
      notification.success({
        message: `Retour ${ret.number} enregistré : ${formatXOF(Number(ret.amount))} remboursés.`,
        // A credit without the customer's phone is on the return's number: theirs to keep.
        description: method === 'store_credit' && !info?.phone ? `Avoir à utiliser au comptoir avec le numéro ${ret.number}.` : undefined,
      });
      setOpen(false);
      onDone();
      await client.invalidateQueries({ queryKey: ['orders', 'history', orderId] });
    } catch (caught) {
      setError(toHttpError(caught).message);
    } finally {
      setSaving(false);
    }
  }

  async function decide() {
    if (!answering) return;
    setSaving(true);
    try {
      await trpc.returnRequests.decide.mutate({ id: answering.id, accept: answering.accept, answer: answer || undefined });
      notification.success({
        message: answering.accept ? 'Demande acceptée : le client est prévenu.' : 'Demande refusée : le client est prévenu.',
      });
      setAnswering(null);
      onDone();
      await client.invalidateQueries({ queryKey: ['orders', 'history', orderId] });
    } catch (caught) {
      notification.error({ message: toHttpError(caught).message });
    } finally {
      setSaving(false);
    }
  }

  const rows = made.data?.rows ?? [];
  const requests = asked.data?.rows ?? [];
  const mayAnswer = useMay(returnRequests.team.write);
  if (!rows.length && !requests.length && !canReturn) return null;
  return (
    <Card
      title="Retours"
      extra={
        canReturn ? (
          <Button icon={<RollbackOutlined />} onClick={() => start()}>
            Retour d’articles
          </Button>
        ) : null
      }
    >
      {requests.map((r) => (
        <div key={r.id} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 12, marginBottom: 12 }} data-testid="return-request">
          <Space wrap>
            <Typography.Text strong>Demande du client</Typography.Text>
            <Tag color={r.status === 'pending' ? 'orange' : r.status === 'refused' ? 'red' : 'green'}>
              {returnRequestStatuses[r.status]}
            </Tag>
          </Space>
          <div>
            {r.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')} · {returnReasons[r.reason]} · {shopDateTime(r.createdAt)}
          </div>
          {r.note ? <Typography.Paragraph style={{ margin: '4px 0' }}>« {r.note} »</Typography.Paragraph> : null}
          {r.photo ? (
            <Image
              src={`/api/return-requests/${r.id}/photo`}
              alt={`Photo envoyée par le client (${r.number})`}
              width={120}
              style={{ borderRadius: 6, marginTop: 4 }}
            />
          ) : null}
          {r.answer ? (
            <div style={muted}>
              Réponse{r.decidedBy ? ` de ${r.decidedBy}` : ''} : {r.answer}
            </div>
          ) : null}
          <Space wrap style={{ marginTop: 8 }}>
            {r.status === 'pending' && mayAnswer ? (
              <>
                <Button type="primary" onClick={() => (setAnswer(''), setAnswering({ id: r.id, accept: true }))}>
                  Accepter
                </Button>
                <Button danger onClick={() => (setAnswer(''), setAnswering({ id: r.id, accept: false }))}>
                  Refuser
                </Button>
              </>
            ) : null}
            {(r.status === 'pending' || r.status === 'accepted') && canReturn ? (
              <Button icon={<RollbackOutlined />} onClick={() => start(r)}>
                Articles reçus : rembourser
              </Button>
            ) : null}
          </Space>
        </div>
      ))}
      <Modal
        open={!!answering}
        title={answering?.accept ? 'Accepter la demande de retour' : 'Refuser la demande de retour'}
        okText={answering?.accept ? 'Accepter et prévenir le client' : 'Refuser et prévenir le client'}
        okButtonProps={{ danger: !answering?.accept }}
        cancelText="Annuler"
        confirmLoading={saving}
        onOk={decide}
        onCancel={() => setAnswering(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label="Message au client"
          placeholder={
            answering?.accept
              ? 'Message au client (facultatif) : par défaut, rapporter les articles avec le reçu'
              : 'Pourquoi le retour est refusé (le client le lit)'
          }
          value={answer}
          maxLength={1000}
          rows={3}
          onChange={(e) => setAnswer(e.target.value)}
        />
      </Modal>
      {rows.length || !requests.length ? (
        <List
          dataSource={rows}
          locale={{ emptyText: <span style={muted}>Aucun retour</span> }}
          renderItem={(r) => (
            <List.Item key={r.id} style={{ display: 'block' }}>
              <Typography.Text strong>
                {r.number} · {formatXOF(Number(r.amount))} · {refundMethods[r.refundMethod]}
              </Typography.Text>
              <div style={muted}>
                {r.lines.map((l) => `${l.quantity} × ${l.name} (${returnItemStates[l.state].toLowerCase()})`).join(', ')}
                {Number(r.deliveryRefund) ? ', livraison' : ''} · {returnReasons[r.reason]} · {shopDateTime(r.createdAt)} · {r.actor}
                {r.reference ? ` · réf. ${r.reference}` : ''}
              </div>
              {/* The customer's credit note: normalized once the DGI issued it, plain until then (the voucher's number on it). */}
              <Button
                size="small"
                icon={<FilePdfOutlined />}
                href={`/suivi/${trackingToken}/avoir-R${r.number.split('-R').pop()}.pdf`}
                target="_blank"
                rel="noopener"
                style={{ marginTop: 4 }}
              >
                Avoir (PDF)
              </Button>
            </List.Item>
          )}
        />
      ) : null}
      <Modal
        open={open}
        title="Retour d’articles"
        okText={`Rembourser ${formatXOF(amount)}`}
        cancelText="Annuler"
        okButtonProps={{ disabled: amount <= 0 }}
        confirmLoading={saving}
        onOk={save}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          {lines.map((l) => (
            <div key={id(l)} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
              <Typography.Text strong>{l.name}</Typography.Text>
              <div style={muted}>
                {l.sold} vendu(s){l.returned ? `, ${l.returned} déjà rendu(s)` : ''} · {formatXOF(Math.round(l.paid / l.sold))} l’unité
              </div>
              {l.left > 0 ? (
                <Space wrap style={{ marginTop: 4 }}>
                  <InputNumber
                    aria-label={`Quantité rendue : ${l.name}`}
                    addonBefore="Rendu(s)"
                    min={0}
                    max={l.left}
                    precision={0}
                    inputMode="numeric"
                    value={quantities[id(l)] ?? 0}
                    onChange={(n) => setQuantities({ ...quantities, [id(l)]: n ?? 0 })}
                  />
                  {l.type === 'product' ? (
                    <Select<State>
                      aria-label={`Ce que devient : ${l.name}`}
                      value={states[id(l)] ?? 'restocked'}
                      onChange={(s) => setStates({ ...states, [id(l)]: s })}
                      options={Object.entries(returnItemStates).map(([value, label]) => ({ value: value as State, label }))}
                      style={{ minWidth: 150 }}
                    />
                  ) : null}
                </Space>
              ) : (
                <div style={muted}>Tout est déjà rendu.</div>
              )}
            </div>
          ))}
          {info?.deliveryCost ? (
            <Checkbox checked={delivery} onChange={(e) => setDelivery(e.target.checked)}>
              Rembourser aussi la livraison ({formatXOF(info.deliveryCost)})
            </Checkbox>
          ) : null}
          <Select
            aria-label="Motif du retour"
            placeholder="Motif"
            value={reason}
            onChange={setReason}
            options={Object.entries(returnReasons).map(([value, label]) => ({ value: value as keyof typeof returnReasons, label }))}
            style={{ width: '100%' }}
          />
          <Radio.Group
            aria-label="Remboursement"
            value={method}
            onChange={(e) => setMethod(e.target.value as Method)}
            options={Object.entries(refundMethods).map(([value, label]) => ({ value, label }))}
          />
          {method === 'mobile_money' && info?.fedapayTransaction ? (
            <Alert
              type="info"
              showIcon
              message={`Payée en ligne par FedaPay (transaction ${info.fedapayTransaction})`}
              description="FedaPay rembourse depuis son tableau de bord, pas par son API : Transactions, cette transaction, « Rembourser » (MTN Mobile Money seulement). Notez ensuite ici la référence du remboursement."
            />
          ) : null}
          {method === 'mobile_money' ? (
            <Input
              aria-label="Référence du transfert Mobile Money"
              placeholder="Référence du transfert Mobile Money"
              value={reference}
              maxLength={100}
              onChange={(e) => setReference(e.target.value)}
            />
          ) : null}
          <Input.TextArea
            aria-label="Note (facultative)"
            placeholder="Note (facultative)"
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
          />
          {error ? <Alert type="error" showIcon message={error} role="alert" /> : null}
        </Space>
      </Modal>
    </Card>
  );
}
