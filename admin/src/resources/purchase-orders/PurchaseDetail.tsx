import { DeleteOutlined, FilePdfOutlined, MailOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { countOf, formatXOF, whatsappLink } from '@app/shared/format';
import { EXPORTS, purchaseStatuses, type PurchaseLine } from '@app/shared/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, InputNumber, List, Select, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { BackButton, DetailStatus } from '../../crud/DetailStatus';
import { entryNamed } from '../../crud/entries';
import { StatusTag } from '../../fields/StatusTag';
import { PageTitle } from '../../layout/PageTitle';
import { type Said, ScanBox, type Scanned, ScanSaid } from '../inventory/ScanBox';
import { toHttpError, retryUnlessRefused } from '../../providers/errors';
import { trpc } from '../../providers/trpc';

const entry = entryNamed('purchaseOrders');
type Draft = Pick<PurchaseLine, 'product' | 'name' | 'ordered' | 'cost'>;

/**
 * A purchase order on the owner's phone: its articles (added by search, or suggested from low stock)
 * while nothing has arrived, sent by WhatsApp or e-mail, then received by scanning what the
 * supplier delivered (a scanner types the code and Entrée, or the camera reads it).
 */
export default function PurchaseDetail() {
  const { id = '' } = useParams();
  const { notification } = App.useApp();
  const client = useQueryClient();
  const key = ['purchaseOrders', 'detail', id];
  const order = useQuery({ queryKey: key, queryFn: () => trpc.purchaseOrders.get.query({ id }), retry: retryUnlessRefused });
  const supplier = useQuery({
    queryKey: ['suppliers', 'detail', order.data?.supplier],
    queryFn: () => trpc.suppliers.get.query({ id: order.data!.supplier }),
    enabled: order.isSuccess,
  });
  const [busy, setBusy] = useState(false);
  const act = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await what();
      notification.success({ message: done });
      await client.invalidateQueries({ queryKey: key });
    } catch (error) {
      notification.error({ message: toHttpError(error).message });
    } finally {
      setBusy(false);
    }
  };

  const back = <BackButton to={entry.paths.list} label="Retour aux achats" />;
  if (!order.data) return <DetailStatus loading={order.isLoading} title="Bon de commande introuvable" back={back} />;
  const po = order.data;
  const lines = po.lines;
  const editable = po.status !== 'cancelled' && po.receipts.length === 0;
  // Bought at the wholesaler's counter, a draft is received without being sent.
  const receivable = po.status !== 'cancelled' && lines.length > 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      {back}
      <Card
        title={
          <PageTitle>
            {po.number} · {supplier.data?.name ?? '…'}
          </PageTitle>
        }
        extra={<StatusTag value={po.status} label={purchaseStatuses[po.status]} />}
      >
        <Typography.Paragraph>
          {countOf(lines.length, 'article', 'articles')} · Total au coût : {formatXOF(Number(po.total))}
        </Typography.Paragraph>
        {po.note ? <Typography.Paragraph type="secondary">{po.note}</Typography.Paragraph> : null}
        {editable ? (
          <LinesEditor
            key={po.updatedAt}
            id={id}
            supplier={po.supplier}
            initial={lines}
            onSaved={() => client.invalidateQueries({ queryKey: key })}
          />
        ) : (
          <List
            dataSource={lines}
            renderItem={(l) => (
              <List.Item key={l.product}>
                <span>
                  {l.name}
                  {l.supplierReference ? ` (réf. ${l.supplierReference})` : ''}
                </span>
                <Typography.Text strong>
                  {l.received} / {l.ordered} reçu(s)
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
        {(po.status === 'draft' || po.status === 'sent') && lines.length ? (
          <Space wrap style={{ marginTop: 12 }}>
            <Button
              icon={<WhatsAppOutlined />}
              disabled={busy}
              onClick={() =>
                act(async () => {
                  const sent = await trpc.purchaseOrders.send.mutate({ id, by: 'whatsapp' });
                  if (sent.whatsapp) window.open(whatsappLink(sent.whatsapp, sent.text), '_blank', 'noopener');
                }, 'Bon prêt dans WhatsApp : envoyez le message.')
              }
            >
              Envoyer par WhatsApp
            </Button>
            <Button icon={<FilePdfOutlined />} href={`${EXPORTS.purchaseOrder}?${new URLSearchParams({ id })}`} target="_blank">
              PDF du bon
            </Button>
            <Button
              icon={<MailOutlined />}
              disabled={busy || !supplier.data?.email}
              title={supplier.data && !supplier.data.email ? 'Ajoutez l’e-mail du fournisseur sur sa fiche.' : undefined}
              onClick={() => act(() => trpc.purchaseOrders.send.mutate({ id, by: 'email' }), `Bon envoyé à ${supplier.data?.email}.`)}
            >
              Envoyer par e-mail
            </Button>
            {editable ? (
              <Button danger disabled={busy} onClick={() => act(() => trpc.purchaseOrders.cancel.mutate({ id }), 'Bon annulé.')}>
                Annuler le bon
              </Button>
            ) : null}
          </Space>
        ) : null}
      </Card>
      {receivable ? <Reception id={id} lines={lines} onReceived={() => client.invalidateQueries({ queryKey: key })} /> : null}
    </Space>
  );
}

/** The articles while nothing has arrived: quantities and costs, added by search or from low stock. */
function LinesEditor({
  id,
  supplier,
  initial,
  onSaved,
}: {
  id: string;
  supplier: string;
  initial: readonly PurchaseLine[];
  onSaved: () => void;
}) {
  const { notification } = App.useApp();
  const [draft, setDraft] = useState<Draft[]>(() => initial.map(({ product, name, ordered, cost }) => ({ product, name, ordered, cost })));
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const found = useQuery({
    queryKey: ['products', 'purchase-search', search],
    queryFn: () => trpc.products.list.query({ search, pageSize: 20 }),
    enabled: search.trim().length > 1,
  });
  const set = (product: string, change: Partial<Draft>) => setDraft((d) => d.map((l) => (l.product === product ? { ...l, ...change } : l)));
  const add = (line: Draft) => setDraft((d) => (d.some((l) => l.product === line.product) ? d : [...d, line]));
  async function suggest() {
    const lines = await trpc.purchaseOrders.suggest.query({ supplier });
    if (!lines.length) notification.info({ message: 'Aucun article de ce fournisseur sous son seuil de stock bas.' });
    for (const l of lines) add({ product: l.product, name: l.name, ordered: l.ordered, cost: l.cost });
  }
  async function save() {
    setSaving(true);
    try {
      await trpc.purchaseOrders.setLines.mutate({ id, lines: draft.map(({ product, ordered, cost }) => ({ product, ordered, cost })) });
      notification.success({ message: 'Articles enregistrés.' });
      onSaved();
    } catch (error) {
      notification.error({ message: 'Articles non enregistrés', description: toHttpError(error).message });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <List
        dataSource={draft}
        locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.62)' }}>Aucun article : cherchez-en un ou suggérez.</span> }}
        renderItem={(l) => (
          <List.Item key={l.product} style={{ display: 'block' }}>
            <Typography.Text strong>{l.name}</Typography.Text>
            <Space wrap style={{ marginTop: 6, width: '100%' }}>
              <InputNumber
                aria-label={`Quantité de ${l.name}`}
                addonBefore="Qté"
                min={1}
                max={100_000}
                precision={0}
                inputMode="numeric"
                value={l.ordered}
                onChange={(v) => set(l.product, { ordered: Number(v ?? 1) })}
                style={{ width: 130 }}
              />
              <InputNumber
                aria-label={`Coût unitaire de ${l.name}`}
                addonAfter="F"
                min={0}
                inputMode="numeric"
                value={l.cost}
                placeholder="Coût"
                onChange={(v) => set(l.product, { cost: v === null ? null : Number(v) })}
                style={{ width: 150 }}
              />
              <Button
                aria-label={`Retirer ${l.name}`}
                icon={<DeleteOutlined />}
                onClick={() => setDraft((d) => d.filter((x) => x.product !== l.product))}
              />
            </Space>
          </List.Item>
        )}
      />
      <Select
        showSearch
        aria-label="Ajouter un article"
        placeholder="Ajouter un article : tapez son nom"
        filterOption={false}
        onSearch={setSearch}
        value={null}
        notFoundContent={search.trim().length > 1 ? (found.isLoading ? 'Recherche…' : 'Aucun article') : 'Tapez au moins 2 lettres'}
        options={(found.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
        onChange={(value: string) => {
          const p = found.data?.rows.find((r) => r.id === value);
          if (p) add({ product: p.id, name: p.name, ordered: 1, cost: p.cost === null || p.cost === undefined ? null : Number(p.cost) });
        }}
        style={{ width: '100%' }}
      />
      <Space wrap>
        <Button onClick={() => void suggest()}>Suggérer (stock bas)</Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          Enregistrer les articles
        </Button>
      </Space>
    </Space>
  );
}

/** What the delivery brought, counted by scanning: applied in one go with « Valider la réception ». */
function Reception({ id, lines, onReceived }: { id: string; lines: readonly PurchaseLine[]; onReceived: () => void }) {
  const { notification } = App.useApp();
  const [counted, setCounted] = useState<Record<string, { name: string; quantity: number }>>({});
  const [said, setSaid] = useState<Said | null>(null);
  const [saving, setSaving] = useState(false);
  const [arrived, setArrived] = useState<string[]>([]);
  // One delivery, one key: sent twice (a flaky network), it is received once.
  const receiptKey = useRef(crypto.randomUUID());

  const bump = (product: string, name: string, by: number) =>
    setCounted((c) => {
      const quantity = Math.max(0, (c[product]?.quantity ?? 0) + by);
      const next = { ...c, [product]: { name, quantity } };
      if (!quantity) delete next[product];
      return next;
    });
  function scanned(item: Scanned) {
    const onOrder = lines.some((l) => l.product === item.id);
    bump(item.id, item.name, 1);
    setSaid(
      onOrder
        ? { type: 'success', text: `+1 ${item.name}` }
        : { type: 'warning', text: `+1 ${item.name} : cet article n’est pas sur le bon (il sera reçu en plus).` },
    );
  }
  const total = Object.values(counted).reduce((n, c) => n + c.quantity, 0);
  async function validate() {
    setSaving(true);
    try {
      const items = Object.entries(counted).map(([product, c]) => ({ product, quantity: c.quantity }));
      const result = await trpc.purchaseOrders.receive.mutate({ id, key: receiptKey.current, items });
      setArrived(items.flatMap((i) => Array<string>(i.quantity).fill(i.product)));
      receiptKey.current = crypto.randomUUID();
      setCounted({});
      notification.success({ message: `Réception enregistrée : ${countOf(total, 'article', 'articles')} en stock.` });
      setSaid(result.warnings.length ? { type: 'warning', text: result.warnings.join(' ') } : null);
      onReceived();
    } catch (error) {
      notification.error({ message: 'Réception non enregistrée', description: toHttpError(error).message });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card title="Réception">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Scannez chaque article arrivé (douchette ou caméra), ou ajustez les quantités, puis validez.
        </Typography.Paragraph>
        <ScanBox
          onProduct={scanned}
          onUnknown={(code) => setSaid({ type: 'error', text: `Code inconnu : ${code}. Vérifiez-le, ou créez le produit.`, unknown: code })}
        />
        <ScanSaid said={said} />
        <List
          dataSource={[
            ...lines.map((l) => ({ product: l.product, name: l.name, ordered: l.ordered, received: l.received })),
            ...Object.entries(counted)
              .filter(([product]) => !lines.some((l) => l.product === product))
              .map(([product, c]) => ({ product, name: c.name, ordered: 0, received: 0 })),
          ]}
          renderItem={(l) => {
            const now = counted[l.product]?.quantity ?? 0;
            return (
              <List.Item key={l.product} style={{ display: 'block' }}>
                <Typography.Text strong>{l.name}</Typography.Text>
                <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                  <span>
                    Commandé {l.ordered} · déjà reçu {l.received}
                  </span>
                  <Space>
                    <Button aria-label={`Un de moins : ${l.name}`} onClick={() => bump(l.product, l.name, -1)} disabled={!now}>
                      −
                    </Button>
                    <Typography.Text strong aria-label={`Reçu maintenant : ${l.name}`}>
                      {now}
                    </Typography.Text>
                    <Button aria-label={`Un de plus : ${l.name}`} onClick={() => bump(l.product, l.name, 1)}>
                      +
                    </Button>
                  </Space>
                </div>
              </List.Item>
            );
          }}
        />
        <Space wrap>
          <Button type="primary" disabled={!total} loading={saving} onClick={() => void validate()}>
            Valider la réception ({countOf(total, 'article', 'articles')})
          </Button>
          {arrived.length ? (
            <Button href={`${EXPORTS.labels}?${new URLSearchParams({ ids: arrived.join(',') })}`} target="_blank">
              Imprimer les étiquettes ({arrived.length})
            </Button>
          ) : null}
        </Space>
      </Space>
    </Card>
  );
}
