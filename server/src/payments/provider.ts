/**
 * What the shop needs from a payment provider. FedaPay is the one there is; KkiaPay or CinetPay
 * would be another implementation of this, chosen from the configuration.
 */
export interface PaymentProvider {
  readonly id: 'fedapay';
  /** Opens a transaction for the amount the server computed and returns the page the shopper pays on. */
  createCheckout(input: CheckoutRequest): Promise<ProviderTransaction & { paymentUrl: string }>;
  /** The transaction as the provider knows it now (null: it knows none by that id), the only source trusted to mark an order paid. */
  retrieve(providerId: string): Promise<ProviderTransaction | null>;
  /**
   * Checks a webhook's signature over the raw body and returns the transaction it is about
   * (null: an event about something else). Throws WebhookRefused when it cannot be trusted.
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): { providerId: string } | null;
}

export interface CheckoutRequest {
  orderNumber: string;
  amount: number;
  description: string;
  customer: { name: string; phone: string; email: string | null };
  returnUrl: string;
}

export interface ProviderTransaction {
  providerId: string;
  reference: string | null;
  status: 'pending' | 'approved' | 'declined' | 'canceled' | 'refunded';
  amount: number;
  /** The provider's currency id (FedaPay: currency_id); null when it did not say. */
  currency: string | null;
  /** The order number the shop attached to the transaction, as the provider sends it back. */
  orderNumber: string | null;
  /** What the provider keeps of it (FedaPay: `fees`, once approved); null when it does not say. */
  fees: number | null;
}

export class WebhookRefused extends Error {}

/** A provider that could not be reached or refused the request: the shopper is told to retry. */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}
