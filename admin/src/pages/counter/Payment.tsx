import { formatXOF } from '@app/shared/format';
import { orders } from '@app/shared/resources';
import { Alert, Button, Card, Collapse, Input, InputNumber, Segmented, Space } from 'antd';
import { useState } from 'react';

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

/** How a ticket of `total` is paid (cash, Mobile Money or both), the change, and who bought. */
export function usePayment(total: number) {
  const [method, setMethod] = useState<Method>('cash');
  const [mobileMoney, setMobileMoney] = useState<number | null>(null);
  const [given, setGiven] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [buyer, setBuyer] = useState(noBuyer);
  // What is paid in cash: all of it, or what Mobile Money leaves.
  const cashPart = method === 'cash' ? total : method === 'cash_mobile_money' ? Math.max(0, total - (mobileMoney ?? 0)) : 0;
  const change = given === null ? null : given - cashPart;
  const ready =
    method === 'cash'
      ? change !== null && change >= 0
      : reference.trim().length >= 4 &&
        (method === 'mobile_money' || (!!mobileMoney && mobileMoney <= total && change !== null && change >= 0));
  return {
    state: { method, mobileMoney, given, reference, buyer, cashPart, change },
    set: { method: setMethod, mobileMoney: setMobileMoney, given: setGiven, reference: setReference, buyer: setBuyer },
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
    }),
    reset: () => {
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
          Encaisser {formatXOF(total)}
        </Button>
      </Space>
    </Card>
  );
}
