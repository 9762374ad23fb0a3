import { formatDiscount } from '@app/shared/format';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { apiFailure } from '../../lib/errors';
import { keepPromoCode, linkedPromoCode } from '../../lib/promoLink';
import { trpc } from '../../lib/trpc';
import { secondaryButton } from '../ui/buttons';
import { TextField } from '../ui/Field';
import { type CartItem, orderItems } from '@app/shared/cart';

/**
 * The code the shopper applied (typed, or brought by a shared link) and what it takes off this
 * cart, as the server prices it. The order applies it again on the server; this only shows it.
 */
export function usePromoCode(items: readonly CartItem[]) {
  const [code, setCode] = useState(linkedPromoCode);
  /** The order's own refusal (the code ran out meanwhile, already used with this phone). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const lines = orderItems(items);
  const quote = useQuery({
    queryKey: ['promo-quote', code, lines],
    queryFn: () => trpc.orders.quotePromo.query({ promoCode: code!, items: lines }),
    enabled: Boolean(code) && lines.length > 0,
    retry: false,
    staleTime: 60_000,
  });
  const apply = (typed: string | null) => {
    const next = typed?.trim().toUpperCase() || null;
    setRefusal(null);
    setCode(next);
    keepPromoCode(next);
  };
  return {
    code,
    apply,
    applied: refusal ? null : (quote.data ?? null),
    error: refusal ?? (quote.error ? apiFailure(quote.error).message : undefined),
    refuse: setRefusal,
    pending: quote.isFetching,
  };
}
export type PromoState = ReturnType<typeof usePromoCode>;

/** "Code promo" at checkout: type it, "Appliquer"; once applied, what it takes off and "Retirer". */
export function PromoCodeField({ promo }: { promo: PromoState }) {
  const [typed, setTyped] = useState(promo.code ?? '');
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    promo.apply(typed);
  };
  // Enter in this field applies the code, it does not send the order.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') apply(event);
  };
  if (promo.applied) {
    return (
      <div role="status" className="flex items-start justify-between gap-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        <p>
          Code <strong>{promo.applied.code}</strong> appliqué : {promo.applied.label}, {formatDiscount(promo.applied.discount)}.
        </p>
        <button
          type="button"
          className="min-h-11 shrink-0 px-2 font-semibold underline"
          onClick={() => {
            setTyped('');
            promo.apply(null);
          }}
        >
          Retirer
        </button>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <TextField
          label="Code promo"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          error={promo.error}
        />
      </div>
      <button
        type="button"
        className={`${secondaryButton} mt-6 shrink-0`}
        onClick={() => apply()}
        disabled={!typed.trim() || promo.pending}
      >
        {promo.pending ? 'Vérification…' : 'Appliquer'}
      </button>
    </div>
  );
}
