import { ApiConnectionError, FedaPay, Transaction, Webhook } from 'fedapay';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { FedaPayConfig } from '../config';
import { type PaymentProvider, type ProviderTransaction, ProviderUnavailable, WebhookRefused } from './provider';

const TOLERANCE_SECONDS = 5 * 60;
const TIMEOUT_MS = 15_000;

/**
 * The official SDK keeps its settings in static fields. Every call sets them first, in the same
 * synchronous step as the request it builds, so two shops configured differently in one process
 * (the tests) cannot mix keys.
 */
function configured<T>(config: FedaPayConfig, call: () => Promise<T>): Promise<T> {
  FedaPay.setApiKey(config.secretKey);
  FedaPay.setEnvironment(config.environment);
  FedaPay.setApiBase(config.apiBase ?? '');
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new ProviderUnavailable('FedaPay did not answer in time')), TIMEOUT_MS).unref(),
  );
  return Promise.race([call(), timeout]).catch((error: unknown) => {
    // The SDK's errors are not Error instances: turn them into one the callers know.
    if (error instanceof ApiConnectionError) {
      const detail = typeof error.errorMessage === 'string' ? ` – ${error.errorMessage}` : '';
      const status = typeof error.httpStatus === 'number' ? error.httpStatus : null;
      throw new ProviderUnavailable(`FedaPay: ${error.message}${status ? ` (HTTP ${status})` : ''}${detail}`, status);
    }
    throw error;
  });
}

/** FedaPay's statuses, folded into the few the shop acts on. */
function statusOf(status: string): ProviderTransaction['status'] {
  if (status === 'approved' || status === 'transferred') return 'approved';
  if (status.includes('refunded')) return 'refunded';
  if (status === 'declined') return 'declined';
  if (status === 'canceled' || status === 'expired') return 'canceled';
  return 'pending';
}

function toTransaction(t: Record<string, unknown>): ProviderTransaction {
  const metadata = (t.custom_metadata ?? {}) as Record<string, unknown>;
  const orderNumber = t.merchant_reference ?? metadata.order_number;
  return {
    providerId: String(t.id),
    reference: typeof t.reference === 'string' ? t.reference : null,
    status: statusOf(String(t.status ?? '')),
    amount: Number(t.amount),
    currency: t.currency_id === undefined || t.currency_id === null ? null : String(t.currency_id),
    orderNumber: typeof orderNumber === 'string' ? orderNumber : null,
    fees: typeof t.fees === 'number' && Number.isFinite(t.fees) ? t.fees : null,
  };
}

function customerOf(customer: { name: string; phone: string; email: string | null }) {
  const [firstname = customer.name, ...rest] = customer.name.trim().split(/\s+/);
  const phone = parsePhoneNumberFromString(customer.phone, 'BJ');
  return {
    firstname,
    lastname: rest.join(' ') || firstname,
    ...(customer.email ? { email: customer.email } : {}),
    phone_number: { number: phone?.number ?? customer.phone, country: (phone?.country ?? 'BJ').toLowerCase() },
  };
}

export function fedapayProvider(config: FedaPayConfig): PaymentProvider {
  return {
    id: 'fedapay',

    async createCheckout(input) {
      const transaction = await configured(config, () =>
        Transaction.create({
          description: input.description,
          amount: input.amount,
          currency: { iso: 'XOF' },
          callback_url: input.returnUrl,
          merchant_reference: input.orderNumber,
          custom_metadata: { order_number: input.orderNumber },
          customer: customerOf(input.customer),
        }),
      );
      const token = await configured(config, () => transaction.generateToken());
      if (typeof token.url !== 'string' || !/^https?:\/\//.test(token.url)) throw new ProviderUnavailable('FedaPay gave no payment page');
      return { ...toTransaction(transaction), paymentUrl: token.url };
    },

    async retrieve(providerId) {
      try {
        return toTransaction(await configured(config, () => Transaction.retrieve(providerId)));
      } catch (error) {
        if (error instanceof ProviderUnavailable && error.httpStatus === 404) return null;
        throw error;
      }
    },

    verifyWebhook(rawBody, headers) {
      const header = headers['x-fedapay-signature'];
      if (typeof header !== 'string') throw new WebhookRefused('missing X-FEDAPAY-SIGNATURE');
      let event: { object?: string; entity?: { id?: unknown } };
      try {
        event = Webhook.constructEvent(rawBody, header, config.webhookSecret, TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookRefused(error instanceof Error ? error.message : 'invalid signature');
      }
      // The SDK only refuses old timestamps; one from the future is as untrustworthy.
      const timestamp = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1]);
      if (timestamp - Date.now() / 1000 > TOLERANCE_SECONDS) throw new WebhookRefused('timestamp in the future');
      if (event.object !== 'transaction' || event.entity?.id === undefined || event.entity.id === null) return null;
      return { providerId: String(event.entity.id) };
    },
  };
}
