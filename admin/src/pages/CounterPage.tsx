import { searchButton } from '../crud/search-button';
import { barcodeError, formatXOF, normalizeBarcode, sessionLabel } from '@app/shared/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Input, Modal, Space } from 'antd';
import { useDeferredValue, useRef, useState } from 'react';
import { PageTitle } from '../layout/PageTitle';
import { Rows } from '../layout/Rows';
import { DRAWER_KEY, DrawerBar } from '../resources/cash-sessions/DrawerBar';
import { PendingSales } from './counter/PendingSales';
import { toHttpError } from '../providers/errors';
import { trpc } from '../providers/trpc';
import { CameraScanner } from './counter/CameraScanner';
import { useCatalogue } from './counter/catalogue';
import { type Outcome, useSaleQueue } from './counter/queue';
import type { CounterItem } from './counter/store';
import { PaymentCard, usePayment } from './counter/Payment';
import { SaleDone } from './counter/SaleDone';
import { type Line, lineKey, type Session, TicketCard } from './counter/TicketCard';

const newKey = () => crypto.randomUUID();

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
  const [discount, setDiscount] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [sold, setSold] = useState<Outcome | null>(null);
  const [choosing, setChoosing] = useState<CounterItem | null>(null);
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
  const payment = usePayment(total);

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
        ...(discount ? { discount } : {}),
        ...payment.input(),
      };
      const outcome = await queue.record(input, total, payment.changeDue);
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
    setDiscount(null);
    payment.reset();
    setSold(null);
  }

  if (sold) return <SaleDone sold={sold} onNext={next} />;

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
            <Rows
              rows={found.map((p) => ({
                key: p.id,
                title: p.name,
                description: `${formatXOF(p.price)}${p.stock === null ? '' : ` · ${p.stock} en stock`}${p.sessions ? ` · ${p.sessions.length} session(s) à venir` : ''}`,
                actions: [
                  <Button key="add" type="primary" onClick={() => add(p)} aria-label={`Ajouter ${p.name}`}>
                    Ajouter
                  </Button>,
                ],
              }))}
            />
          ) : (
            <Empty description="Aucun article trouvé" />
          )}
        </Card>
      ) : null}

      <TicketCard
        lines={lines}
        setLines={setLines}
        percent={percent}
        discount={discount}
        setDiscount={setDiscount}
        limit={limit}
        off={off}
        total={total}
      />

      <PaymentCard
        payment={payment}
        total={total}
        hasLines={lines.length > 0}
        canSell={lines.length > 0 && off <= limit}
        pending={pending}
        onSell={() => void sell()}
      />
    </Space>
  );
}
