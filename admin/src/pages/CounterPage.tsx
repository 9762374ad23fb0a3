import { searchButton } from '../crud/search-button';
import { barcodeError, formatXOF, normalizeBarcode, sessionLabel } from '@app/shared/format';
import { orders } from '@app/shared/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Collapse,
  Empty,
  Input,
  InputNumber,
  List,
  Modal,
  Popover,
  Result,
  Segmented,
  Space,
  Typography,
} from 'antd';
import { useDeferredValue, useRef, useState } from 'react';
import { PageTitle } from '../layout/PageTitle';
import { DRAWER_KEY, DrawerBar } from '../resources/cash-sessions/DrawerBar';
import { WhatsAppButton } from '../resources/WhatsAppButton';
import { PendingSales } from './counter/PendingSales';
import { toHttpError } from '../providers/errors';
import { trpc } from '../providers/trpc';
import { CameraScanner } from './counter/CameraScanner';
import { useCatalogue } from './counter/catalogue';
import { type Outcome, type Sold, useSaleQueue } from './counter/queue';
import type { CounterItem } from './counter/store';

type Session = NonNullable<CounterItem['sessions']>[number];
/** A line of the ticket: an article, and for a training the session its seats are booked on. */
type Line = { product: CounterItem; quantity: number; session?: Session; discount?: number };
const lineKey = (l: { product: { id: string }; session?: { id: string } | undefined }) => `${l.product.id}:${l.session?.id ?? ''}`;
type Method = 'cash' | 'mobile_money' | 'cash_mobile_money';
const METHODS: { label: string; value: Method }[] = [
  { label: 'Espèces', value: 'cash' },
  { label: 'Mobile Money', value: 'mobile_money' },
  { label: 'Les deux', value: 'cash_mobile_money' },
];

const newKey = () => crypto.randomUUID();
/** This browser prints over Bluetooth (Chrome on Android and on a desk; not iOS). */
const BLUETOOTH = typeof navigator !== 'undefined' && 'bluetooth' in navigator;

/** The buyer, if they want to be known: the orders' own fields (their labels), with the counter's hints. */
const BUYER = [
  { key: 'customerName', placeholder: 'Nom ou entreprise', inputMode: 'text' },
  { key: 'phone', placeholder: 'Téléphone : le client est retrouvé ou créé', inputMode: 'tel' },
  { key: 'email', placeholder: 'E-mail : le ticket y est envoyé', inputMode: 'email' },
  { key: 'buyerIfu', placeholder: 'IFU (13 chiffres) pour une facture à une entreprise', inputMode: 'numeric' },
] as const;
const noBuyer = { customerName: '', phone: '', email: '', buyerIfu: '' };

/**
 * "Vente au comptoir": find an article by its barcode (a scanner types it and presses Entrée), its
 * reference or its name; the ticket; paid in cash (change shown), by Mobile Money or both. One tap
 * records the sale: stock down at once, the order paid and handed over, its invoice asked for.
 */
export default function CounterPage() {
  const { notification } = App.useApp();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [method, setMethod] = useState<Method>('cash');
  const [mobileMoney, setMobileMoney] = useState<number | null>(null);
  const [given, setGiven] = useState<number | null>(null);
  const [discount, setDiscount] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [buyer, setBuyer] = useState(noBuyer);
  const [pending, setPending] = useState(false);
  const [sold, setSold] = useState<Outcome | null>(null);
  const [choosing, setChoosing] = useState<CounterItem | null>(null);
  const [printing, setPrinting] = useState(false);
  const catalogue = useCatalogue();
  const queue = useSaleQueue();
  // One key per ticket, kept until it is recorded: a retry after a lost answer sells nothing twice.
  const key = useRef(newKey());
  const searchBox = useRef<{ focus: () => void } | null>(null);

  const needle = useDeferredValue(search.trim());
  // The phone's copy of the articles answers at once, offline too; the server only until it has arrived.
  const local = needle.length >= 2 && catalogue.ready ? catalogue.search(needle) : null;
  const remote = useQuery({
    queryKey: ['counter', 'search', needle],
    queryFn: async () =>
      (await trpc.products.list.query({ search: needle, pageSize: 8 })).rows.map((p): CounterItem => ({
        id: p.id,
        type: 'product',
        name: p.name,
        sku: p.sku,
        barcode: p.barcode,
        price: p.price,
        stock: p.stock,
      })),
    enabled: needle.length >= 2 && !catalogue.ready,
  });
  const found = local ?? (needle.length >= 2 ? remote.data : undefined);

  const percent = catalogue.maxDiscountPercent;
  const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
  const linesOff = lines.reduce((sum, l) => sum + (l.discount ?? 0), 0);
  const limit = Math.floor((subtotal * percent) / 100);
  const off = (discount ?? 0) + linesOff;
  const total = subtotal - off;
  // What is paid in cash: all of it, or what Mobile Money leaves.
  const cashPart = method === 'cash' ? total : method === 'cash_mobile_money' ? Math.max(0, total - (mobileMoney ?? 0)) : 0;
  const change = given === null ? null : given - cashPart;
  const paymentReady =
    method === 'cash'
      ? change !== null && change >= 0
      : reference.trim().length >= 4 &&
        (method === 'mobile_money' || (!!mobileMoney && mobileMoney <= total && change !== null && change >= 0));

  function add(product: CounterItem, session?: Session) {
    // A training books a seat on a session: the only one, or the one the cashier picks.
    if (product.type === 'course' && !session) {
      const sessions = product.sessions ?? [];
      if (sessions.length === 1) return add(product, sessions[0]);
      if (!sessions.length) return notification.warning({ message: `« ${product.name} » n’a pas de session à venir avec des places.` });
      return setChoosing(product);
    }
    setChoosing(null);
    setLines((current) => {
      const line = { product, quantity: 1, ...(session ? { session } : {}) };
      const at = current.findIndex((l) => lineKey(l) === lineKey(line));
      if (at < 0) return [...current, line];
      return current.map((l, i) => (i === at ? { ...l, quantity: l.quantity + 1 } : l));
    });
    setSearch('');
    searchBox.current?.focus();
  }

  /** A code read by a scanner (typed, then Entrée) or by the camera: a barcode, or a reference (Code 128 labels). */
  async function scanned(read: string) {
    const code = normalizeBarcode(read);
    if (!/^\d{8,13}$/.test(code)) {
      const reference = catalogue.bySku.get(read.trim().toUpperCase());
      if (reference) add(reference);
      return;
    }
    const problem = barcodeError(code);
    if (problem) return notification.error({ message: 'Code-barres illisible', description: problem });
    const product =
      catalogue.byBarcode.get(code) ??
      (catalogue.ready ? undefined : (await trpc.products.list.query({ search: code, pageSize: 2 })).rows.find((p) => p.barcode === code));
    if (product) add({ ...product, type: 'product' });
    else
      notification.error({
        message: 'Code-barres inconnu',
        description: `Aucun article n’a le code ${code}. Ajoutez-le à sa fiche produit.`,
      });
  }

  const quantity = (key: string, delta: number) =>
    setLines((current) =>
      current.map((l) => (lineKey(l) === key ? { ...l, quantity: l.quantity + delta } : l)).filter((l) => l.quantity > 0),
    );

  async function sell() {
    setPending(true);
    try {
      const input = {
        idempotencyKey: key.current,
        items: lines.map((l) => ({
          id: l.product.id,
          type: l.product.type,
          quantity: l.quantity,
          ...(l.session ? { sessionId: l.session.id } : {}),
          ...(l.discount ? { discount: l.discount } : {}),
        })),
        payment:
          method === 'cash'
            ? { method, given: given ?? 0 }
            : method === 'mobile_money'
              ? { method, reference }
              : { method, mobileMoney: mobileMoney ?? 0, reference, given: given ?? 0 },
        ...(discount ? { discount } : {}),
        ...Object.fromEntries(BUYER.map(({ key }) => [key, buyer[key].trim()]).filter(([, value]) => value)),
      };
      const outcome = await queue.record(input, total, change !== null && method !== 'mobile_money' ? change : 0);
      catalogue.sold(input.items);
      setSold(outcome);
      void client.invalidateQueries({ queryKey: DRAWER_KEY });
    } catch (error) {
      const { message, errors } = toHttpError(error);
      // A field's own message says what to fix (an IFU, a phone); the server's message says the rest.
      const field = Object.values(errors ?? {})[0];
      notification.error({ message: 'Vente non enregistrée', description: typeof field === 'string' ? field : message });
    } finally {
      setPending(false);
    }
  }

  function next() {
    key.current = newKey();
    setLines([]);
    setMethod('cash');
    setGiven(null);
    setMobileMoney(null);
    setDiscount(null);
    setReference('');
    setBuyer(noBuyer);
    setSold(null);
  }

  /** Prints the ticket on the Bluetooth printer (its code loaded with the end screen, so the tap still counts as one). */
  async function print(sale: Sold) {
    setPrinting(true);
    try {
      const { printTicket } = await import('./counter/printer');
      await printTicket(() => trpc.orders.ticket.query({ id: sale.order.id }), { pulse: Number(sale.order.cashAmount ?? 0) > 0 });
    } catch (error) {
      notification.error({ message: 'Impression impossible', description: toHttpError(error).message });
    } finally {
      setPrinting(false);
    }
  }

  if (sold) {
    if (BLUETOOTH) void import('./counter/printer');
    const change = 'sent' in sold ? sold.sent.change : sold.queued.change;
    return (
      <Result
        status={'sent' in sold ? 'success' : 'info'}
        title={'sent' in sold ? `Vente ${sold.sent.order.number} enregistrée` : 'Vente gardée sur ce téléphone'}
        subTitle={
          <>
            {'queued' in sold ? (
              <Typography.Paragraph>Pas de réseau : elle est en attente d’envoi et partira dès son retour.</Typography.Paragraph>
            ) : null}
            {/* What the cashier reads out while handing the change back: large. */}
            <Typography.Title level={3} data-testid="change" style={{ margin: '8px 0 0' }}>
              {change > 0
                ? `Monnaie à rendre : ${formatXOF(change)}`
                : `Total encaissé : ${formatXOF('sent' in sold ? sold.sent.order.total : sold.queued.total)}`}
            </Typography.Title>
          </>
        }
        extra={[
          <Button key="next" type="primary" size="large" onClick={next} autoFocus>
            Nouvelle vente
          </Button>,
          ...('sent' in sold
            ? [
                // The roll ticket for the counter's printer (the normalized invoice's elements once issued).
                <Button key="ticket" size="large" href={`/suivi/${sold.sent.order.trackingToken}/ticket.pdf`} target="_blank">
                  Ticket (PDF)
                </Button>,
                <Button key="receipt" size="large" href={`/suivi/${sold.sent.order.trackingToken}/recu.pdf`} target="_blank">
                  Facture A4
                </Button>,
                // Straight to the shop's Bluetooth thermal printer where the browser allows it (Chrome; not iOS).
                ...(BLUETOOTH
                  ? [
                      <Button key="print" size="large" loading={printing} onClick={() => void print(sold.sent)}>
                        Imprimer (Bluetooth)
                      </Button>,
                    ]
                  : []),
                // A buyer who gave a phone gets the ticket's link in a WhatsApp message, with its invoice once issued.
                ...(sold.sent.order.phone
                  ? [
                      <WhatsAppButton
                        key="whatsapp"
                        size="middle"
                        phone={sold.sent.order.phone}
                        label="Envoyer le ticket"
                        message={`Merci pour votre achat ! Votre ticket ${sold.sent.order.number} : ${window.location.origin}/suivi/${sold.sent.order.trackingToken}/ticket.pdf`}
                      />,
                    ]
                  : []),
              ]
            : []),
        ]}
      />
    );
  }

  return (
    // data-catalogue: whether the articles are on the phone (a scan then needs no round trip); read by bench/counter.ts.
    <Space
      direction="vertical"
      size="middle"
      style={{ width: '100%', maxWidth: 720 }}
      data-catalogue={catalogue.ready ? 'ready' : 'loading'}
    >
      <PageTitle>Vente au comptoir</PageTitle>
      <DrawerBar />
      <Modal open={choosing !== null} title={`Session de « ${choosing?.name ?? ''} »`} onCancel={() => setChoosing(null)} footer={null}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {choosing?.sessions?.map((session) => (
            <Button key={session.id} block size="large" onClick={() => add(choosing, session)}>
              {`${sessionLabel(session)} · ${session.seatsLeft} place(s)`}
            </Button>
          ))}
        </Space>
      </Modal>
      <PendingSales queue={queue} />
      <div style={{ display: 'flex', gap: 8 }}>
        <Input.Search
          ref={(input) => {
            searchBox.current = input;
          }}
          autoFocus
          size="large"
          allowClear
          aria-label="Code-barres, référence ou nom"
          placeholder="Code-barres, référence ou nom"
          enterButton={searchButton}
          inputMode="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={() => void scanned(search)}
          // No `loading`: antd's search box ignores Entrée while loading, and a scanner presses it right
          // after the digits, while the list for them is still on its way.
        />
        <CameraScanner onCode={(code) => void scanned(code)} />
      </div>
      {found ? (
        <Card size="small" title="Articles trouvés">
          {found.length ? (
            <List
              dataSource={found}
              renderItem={(p) => (
                <List.Item
                  actions={[
                    <Button key="add" type="primary" onClick={() => add(p)} aria-label={`Ajouter ${p.name}`}>
                      Ajouter
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={p.name}
                    description={`${formatXOF(p.price)}${p.stock === null ? '' : ` · ${p.stock} en stock`}${p.sessions ? ` · ${p.sessions.length} session(s) à venir` : ''}`}
                  />
                </List.Item>
              )}
            />
          ) : (
            <Empty description="Aucun article trouvé" />
          )}
        </Card>
      ) : null}

      <Card size="small" title="Ticket">
        {lines.length ? (
          <List
            dataSource={lines}
            renderItem={(l) => (
              <List.Item
                actions={[
                  <Button key="minus" onClick={() => quantity(lineKey(l), -1)} aria-label={`Un ${l.product.name} de moins`}>
                    −
                  </Button>,
                  <Button key="plus" onClick={() => quantity(lineKey(l), 1)} aria-label={`Un ${l.product.name} de plus`}>
                    +
                  </Button>,
                  ...(percent > 0
                    ? [
                        // A discount on this line only (a damaged box, a display model), counted in the same limit.
                        <Popover
                          key="discount"
                          trigger="click"
                          content={
                            <InputNumber
                              autoFocus
                              min={0}
                              max={l.product.price * l.quantity}
                              step={100}
                              precision={0}
                              addonAfter="F CFA"
                              aria-label={`Remise sur ${l.product.name}`}
                              value={l.discount ?? null}
                              onChange={(value) =>
                                setLines((current) => current.map((c) => (lineKey(c) === lineKey(l) ? { ...c, discount: value ?? 0 } : c)))
                              }
                            />
                          }
                        >
                          <Button aria-label={`Remise sur la ligne ${l.product.name}`}>%</Button>
                        </Popover>,
                      ]
                    : []),
                ]}
              >
                <List.Item.Meta
                  title={l.product.name}
                  description={`${l.session ? `${sessionLabel(l.session)} · ` : ''}${l.quantity} × ${formatXOF(l.product.price)}${l.discount ? ` − ${formatXOF(l.discount)}` : ''}`}
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty description="Scannez ou cherchez un article" />
        )}
        {percent > 0 && lines.length ? (
          <Space style={{ marginTop: 12, width: '100%', justifyContent: 'flex-end' }} wrap>
            <InputNumber
              min={0}
              max={limit}
              step={100}
              precision={0}
              addonBefore="Remise"
              addonAfter="F CFA"
              aria-label="Remise"
              value={discount}
              onChange={(value) => setDiscount(value)}
              style={{ maxWidth: 260 }}
            />
            <Typography.Text type={off > limit ? 'danger' : 'secondary'}>{`${formatXOF(limit)} au maximum (${percent} %)`}</Typography.Text>
          </Space>
        ) : null}
        <Typography.Title level={4} style={{ textAlign: 'right', margin: '12px 0 0' }} data-testid="total">
          Total : {formatXOF(total)}
        </Typography.Title>
      </Card>

      <Card size="small" title="Paiement">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Segmented block className="wrap-labels" value={method} onChange={(value) => setMethod(value as Method)} options={METHODS} />
          {method === 'cash_mobile_money' ? (
            <InputNumber
              size="large"
              style={{ width: '100%' }}
              min={0}
              max={total}
              step={500}
              addonBefore="Mobile Money"
              addonAfter="F CFA"
              aria-label="Montant payé par Mobile Money"
              value={mobileMoney}
              onChange={(value) => setMobileMoney(value)}
            />
          ) : null}
          {method !== 'cash' ? (
            <Input
              size="large"
              aria-label="Référence Mobile Money"
              placeholder="Référence de la transaction (MTN, Moov)"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          ) : null}
          {method !== 'mobile_money' ? (
            <>
              <InputNumber
                size="large"
                style={{ width: '100%' }}
                min={0}
                step={500}
                addonAfter="F CFA"
                aria-label="Montant reçu"
                placeholder={method === 'cash' ? 'Montant reçu' : `Espèces reçues (reste : ${formatXOF(cashPart)})`}
                value={given}
                onChange={(value) => setGiven(value)}
              />
              {change !== null && lines.length ? (
                change >= 0 ? (
                  <Alert type="success" showIcon message={`Monnaie à rendre : ${formatXOF(change)}`} />
                ) : (
                  <Alert type="warning" showIcon message={`Il manque ${formatXOF(-change)}`} />
                )
              ) : null}
            </>
          ) : null}
          <Collapse
            size="small"
            items={[
              {
                key: 'buyer',
                label: 'Client (facultatif)',
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    {BUYER.map(({ key, placeholder, inputMode }) => (
                      <Input
                        key={key}
                        aria-label={orders.fields[key].label}
                        inputMode={inputMode}
                        placeholder={placeholder}
                        value={buyer[key]}
                        onChange={(e) => setBuyer({ ...buyer, [key]: e.target.value })}
                      />
                    ))}
                  </Space>
                ),
              },
            ]}
          />
          <Button
            type="primary"
            size="large"
            block
            loading={pending}
            disabled={!lines.length || off > limit || !paymentReady}
            onClick={() => void sell()}
          >
            Encaisser {formatXOF(total)}
          </Button>
        </Space>
      </Card>
    </Space>
  );
}
