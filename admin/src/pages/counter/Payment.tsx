import { formatXOF } from '@app/shared/format';
import labels from 'virtual:admin-labels';
import { Alert, Button, Card, Collapse, Input, InputNumber, Segmented, Space } from 'antd';
import { useState } from 'react';
import { toHttpError } from '../../providers/errors';
import { trpc } from '../../providers/trpc';

type Method = 'cash' | 'mobile_money' | 'cash_mobile_money';
const METHODS: { label: string; value: Method }[] = [
  { label: 'Espèces', value: 'cash' },
  { label: 'Mobile Money', value: 'mobile_money' },
  { label: 'Les deux', value: 'cash_mobile_money' },
];

/** The buyer, if they want to be known: the orders' own fields (their labels), with the counter's hints. */
const BUYER = [
  { key: 'customerName', placeholder: 'Nom ou entreprise', inputMode: 'text' },
  { key: 'phone', placeholder: 'Téléphone : le client est retrouvé ou créé', inputMode: 'tel' },
  { key: 'email', placeholder: 'E-mail : le ticket y est envoyé', inputMode: 'email' },
  { key: 'buyerIfu', placeholder: 'IFU (13 chiffres) pour une facture à une entreprise', inputMode: 'numeric' },
] as const;
const noBuyer = { customerName: '', phone: '', email: '', buyerIfu: '' };

/** A customer's credit (« avoir », from a return) used on this sale: whose, what is left, what is used. */
interface Credit {
  from: string;
  balance: number | null;
  used: number;
}
const noCredit: Credit = { from: '', balance: null, used: 0 };

/** The customer's loyalty points (by the phone in « Client ») used on this sale: the balance, a point's value, how many. */
interface Points {
  balance: number | null;
  value: number;
  used: number;
}
const noPoints: Points = { balance: null, value: 0, used: 0 };

/** How a ticket of `total` is paid (a credit, then cash, Mobile Money or both), the change, and who bought. */
export function usePayment(total: number) {
  const [method, setMethod] = useState<Method>('cash');
  const [mobileMoney, setMobileMoney] = useState<number | null>(null);
  const [given, setGiven] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [buyer, setBuyer] = useState(noBuyer);
  const [credit, setCredit] = useState<Credit>(noCredit);
  const [points, setPoints] = useState<Points>(noPoints);
  // What the points take off, what the credit pays of the rest, then what of it is paid in cash: all, or what Mobile Money leaves.
  const pointsOff = Math.min(points.used * points.value, total);
  const used = Math.min(credit.used, total - pointsOff);
  const due = total - pointsOff - used;
  const cashPart = method === 'cash' ? due : method === 'cash_mobile_money' ? Math.max(0, due - (mobileMoney ?? 0)) : 0;
  const change = given === null ? null : given - cashPart;
  const ready =
    due === 0 ||
    (method === 'cash'
      ? change !== null && change >= 0
      : reference.trim().length >= 4 &&
        (method === 'mobile_money' || (!!mobileMoney && mobileMoney <= due && change !== null && change >= 0)));
  return {
    state: { method, mobileMoney, given, reference, buyer, cashPart, change, credit, used, due, points, pointsOff },
    set: {
      method: setMethod,
      mobileMoney: setMobileMoney,
      given: setGiven,
      reference: setReference,
      // Another phone is another customer: their points are asked again.
      buyer: (next: typeof noBuyer) => (setBuyer(next), next.phone !== buyer.phone && setPoints(noPoints)),
      credit: setCredit,
      points: setPoints,
    },
    ready,
    /** The change the sale records (none for Mobile Money alone). */
    changeDue: change !== null && method !== 'mobile_money' ? change : 0,
    /** What the sale sends: how it is paid, and the buyer's fields they gave. */
    input: () => ({
      payment:
        method === 'cash'
          ? { method, given: given ?? 0 }
          : method === 'mobile_money'
            ? { method, reference }
            : { method, mobileMoney: mobileMoney ?? 0, reference, given: given ?? 0 },
      ...Object.fromEntries(BUYER.map(({ key }) => [key, buyer[key].trim()]).filter(([, value]) => value)),
      ...(used ? { credit: { from: credit.from.trim(), amount: used } } : {}),
      ...(points.used ? { loyaltyPoints: points.used } : {}),
    }),
    reset: () => {
      setCredit(noCredit);
      setPoints(noPoints);
      setMethod('cash');
      setGiven(null);
      setMobileMoney(null);
      setReference('');
      setBuyer(noBuyer);
    },
  };
}

/** The payment's card: the way, the amounts, the change, the buyer, and « Encaisser ». */
export function PaymentCard({
  payment,
  total,
  hasLines,
  canSell,
  pending,
  onSell,
}: {
  payment: ReturnType<typeof usePayment>;
  total: number;
  hasLines: boolean;
  canSell: boolean;
  pending: boolean;
  onSell: () => void;
}) {
  const { state, set } = payment;
  return (
    <Card size="small" title="Paiement">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented block className="wrap-labels" value={state.method} onChange={(value) => set.method(value as Method)} options={METHODS} />
        {state.method === 'cash_mobile_money' ? (
          <InputNumber
            size="large"
            style={{ width: '100%' }}
            min={0}
            max={total}
            step={500}
            addonBefore="Mobile Money"
            addonAfter="F CFA"
            aria-label="Montant payé par Mobile Money"
            value={state.mobileMoney}
            onChange={(value) => set.mobileMoney(value)}
          />
        ) : null}
        {state.method !== 'cash' ? (
          <Input
            size="large"
            aria-label="Référence Mobile Money"
            placeholder="Référence de la transaction (MTN, Moov)"
            value={state.reference}
            onChange={(e) => set.reference(e.target.value)}
          />
        ) : null}
        {state.method !== 'mobile_money' ? (
          <>
            <InputNumber
              size="large"
              style={{ width: '100%' }}
              min={0}
              step={500}
              addonAfter="F CFA"
              aria-label="Montant reçu"
              placeholder={state.method === 'cash' ? 'Montant reçu' : `Espèces reçues (reste : ${formatXOF(state.cashPart)})`}
              value={state.given}
              onChange={(value) => set.given(value)}
            />
            {state.change !== null && hasLines ? (
              state.change >= 0 ? (
                <Alert type="success" showIcon message={`Monnaie à rendre : ${formatXOF(state.change)}`} />
              ) : (
                <Alert type="warning" showIcon message={`Il manque ${formatXOF(-state.change)}`} />
              )
            ) : null}
          </>
        ) : null}
        <Collapse
          size="small"
          items={[
            {
              key: 'credit',
              label: state.used ? `Avoir utilisé : ${formatXOF(state.used)}` : 'Avoir (retour)',
              children: <CreditUse payment={payment} total={total} />,
            },
            {
              key: 'points',
              label: state.pointsOff ? `Points fidélité : −${formatXOF(state.pointsOff)}` : 'Points fidélité',
              children: <PointsUse payment={payment} total={total} />,
            },
            {
              key: 'buyer',
              label: 'Client (facultatif)',
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {BUYER.map(({ key, placeholder, inputMode }) => (
                    <Input
                      key={key}
                      aria-label={labels.orders?.[key]}
                      inputMode={inputMode}
                      placeholder={placeholder}
                      value={state.buyer[key]}
                      onChange={(e) => set.buyer({ ...state.buyer, [key]: e.target.value })}
                    />
                  ))}
                </Space>
              ),
            },
          ]}
        />
        <Button type="primary" size="large" block loading={pending} disabled={!canSell || !payment.ready} onClick={onSell}>
          Encaisser {formatXOF(state.due)}
        </Button>
      </Space>
    </Card>
  );
}

/** A balance looked up online for this sale (a credit, points): the call, its wait, and what went wrong, in French. */
function useLookup() {
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function check(look: () => Promise<string | null>) {
    setChecking(true);
    setError(null);
    try {
      setError(await look());
    } catch (caught) {
      setError(toHttpError(caught).message);
    } finally {
      setChecking(false);
    }
  }
  return { checking, error, check };
}

/** Offers a balance's part to the sale, or says what is used with « Retirer ». */
function BalanceUse({ used, offer, onUse, onRemove }: { used: string | null; offer: string; onUse: () => void; onRemove: () => void }) {
  return used ? (
    <Alert
      type="success"
      showIcon
      message={used}
      action={
        <Button size="small" onClick={onRemove}>
          Retirer
        </Button>
      }
    />
  ) : (
    <Button block onClick={onUse}>
      {offer}
    </Button>
  );
}

/**
 * A customer's credit (« avoir ») paying part of the sale: found by their phone or by the return's
 * number they were given, checked online (the server checks and spends it again with the sale).
 */
function CreditUse({ payment, total }: { payment: ReturnType<typeof usePayment>; total: number }) {
  const { credit } = payment.state;
  const lookup = useLookup();
  const check = () =>
    lookup.check(async () => {
      const { balance } = await trpc.returns.credit.query({ from: credit.from });
      payment.set.credit({ ...credit, balance, used: 0 });
      return balance ? null : `Aucun avoir pour « ${credit.from} ».`;
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="Avoir : téléphone du client ou numéro du retour"
          placeholder="Téléphone ou n° du retour (CMD-…-R1)"
          value={credit.from}
          onChange={(e) => payment.set.credit({ from: e.target.value, balance: null, used: 0 })}
          onPressEnter={() => void check()}
        />
        <Button loading={lookup.checking} disabled={credit.from.trim().length < 3} onClick={() => void check()}>
          Vérifier
        </Button>
      </Space.Compact>
      {lookup.error ? <Alert type="warning" showIcon message={lookup.error} /> : null}
      {credit.balance ? (
        <BalanceUse
          used={credit.used ? `Avoir utilisé : ${formatXOF(payment.state.used)} — reste à payer ${formatXOF(payment.state.due)}` : null}
          offer={`Utiliser ${formatXOF(Math.min(credit.balance, total))} (avoir de ${formatXOF(credit.balance)})`}
          onUse={() => payment.set.credit({ ...credit, used: Math.min(credit.balance!, total) })}
          onRemove={() => payment.set.credit({ ...credit, used: 0 })}
        />
      ) : null}
    </Space>
  );
}

/** The loyalty points of the customer whose phone is in « Client »: checked online, spent by the sale (the server checks again). */
function PointsUse({ payment, total }: { payment: ReturnType<typeof usePayment>; total: number }) {
  const { points, buyer } = payment.state;
  const lookup = useLookup();
  const check = () =>
    lookup.check(async () => {
      const found = await trpc.customers.points.query({ phone: buyer.phone });
      payment.set.points({ balance: found.balance, value: found.value, used: 0 });
      if (!found.on) return 'Le programme de fidélité n’est pas ouvert (Paramètres).';
      return found.balance > 0 ? null : 'Ce client n’a pas de points à utiliser.';
    });
  if (!buyer.phone.trim()) return <Alert type="info" showIcon message="Indiquez d’abord le téléphone du client dans « Client »." />;
  const usable = points.value ? Math.min(points.balance ?? 0, Math.floor(total / points.value)) : 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button loading={lookup.checking} onClick={() => void check()}>
        Voir les points de {buyer.phone}
      </Button>
      {lookup.error ? <Alert type="warning" showIcon message={lookup.error} /> : null}
      {usable > 0 ? (
        <BalanceUse
          used={points.used ? `${points.used} points utilisés : −${formatXOF(payment.state.pointsOff)}` : null}
          offer={`Utiliser ${usable} points : −${formatXOF(usable * points.value)} (solde ${points.balance})`}
          onUse={() => payment.set.points({ ...points, used: usable })}
          onRemove={() => payment.set.points({ ...points, used: 0 })}
        />
      ) : null}
    </Space>
  );
}
