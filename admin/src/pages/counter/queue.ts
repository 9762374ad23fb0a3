import type { CounterSaleInput } from '@app/shared/resources';
import { useCallback, useEffect, useState } from 'react';
import { isUnauthorized, toHttpError } from '../../providers/errors';
import { type RouterOutputs, trpc } from '../../providers/trpc';
import { dropSale, type QueuedSale, queuedSales, queueSale } from './store';

export type Sold = RouterOutputs['orders']['sellAtCounter'];
/** A sale the server recorded, or one kept on the phone until the network is back. */
export type Outcome = { sent: Sold } | { queued: QueuedSale };

const RETRY_MS = 20_000;
/** One sending at a time in this tab (another tab's is harmless: each sale's key is recorded once). */
let sending: Promise<void> | null = null;

/**
 * Counter sales go through the phone's storage: kept first, then sent. A sale the network loses
 * stays "en attente d'envoi" and leaves again when the network is back, marked as made offline
 * (the server then records it whatever changed since, and tells the owner).
 */
export function useSaleQueue() {
  const [queued, setQueued] = useState<QueuedSale[]>([]);
  const reload = useCallback(async () => setQueued(await queuedSales().catch(() => [])), []);

  const flush = useCallback(async () => {
    sending ??= (async () => {
      for (const sale of await queuedSales().catch(() => [])) {
        if (sale.status !== 'pending') continue;
        try {
          await trpc.orders.sellAtCounter.mutate({ ...sale.input, offline: { soldAt: sale.soldAt, total: sale.total } });
          await dropSale(sale.key);
        } catch (error) {
          const { statusCode, message } = toHttpError(error);
          // Offline or signed out: it waits (the next try, or the next sign-in, sends it).
          if (statusCode === 0 || isUnauthorized(error)) break;
          await queueSale({ ...sale, status: 'refused', error: message });
        }
      }
    })().finally(() => {
      sending = null;
    });
    await sending;
    await reload();
  }, [reload]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [flush]);

  /** Keeps the sale, then sends it: the server's answer, or the sale kept for later. A refusal is thrown (the cashier is there to fix it). */
  const record = useCallback(
    async (input: CounterSaleInput & { idempotencyKey: string }, total: number, change: number): Promise<Outcome> => {
      const sale: QueuedSale = { key: input.idempotencyKey, input, soldAt: new Date().toISOString(), total, change, status: 'pending' };
      // Storage refused (private browsing): the sale is sent all the same, only not kept.
      await queueSale(sale).catch(() => undefined);
      try {
        const sent = await trpc.orders.sellAtCounter.mutate(input);
        await dropSale(sale.key);
        return { sent };
      } catch (error) {
        if (toHttpError(error).statusCode === 0) {
          await reload();
          return { queued: sale };
        }
        await dropSale(sale.key);
        throw error;
      }
    },
    [reload],
  );

  /** A refused sale the owner has dealt with (refunded, sold again by hand). */
  const dismiss = useCallback(
    async (key: string) => {
      await dropSale(key);
      await reload();
    },
    [reload],
  );

  return { queued, record, flush, dismiss };
}
