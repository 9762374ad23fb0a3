import type { TaxGroup, emecefPaymentTypes } from '@app/shared';
import type { EmecefConfig } from '../config';
import { DeliveryError } from '../platform/outbox-worker';

// The DGI's e-MCF API (facture normalisée): JSON over HTTPS with the business's Bearer token.
// An invoice is created pending (POST /invoice), then confirmed or cancelled (PUT /invoice/{uid}/confirm|cancel)
// within about two minutes, after which the DGI drops it.

export interface InvoiceRequest {
  ifu: string;
  type: 'FV' | 'FA';
  /** `price`: what the customer pays per unit; a discounted one says its `originalPrice` and why (`priceModification`). */
  items: {
    code?: string;
    name: string;
    price: number;
    quantity: number;
    taxGroup: TaxGroup;
    originalPrice?: number;
    priceModification?: string;
  }[];
  /** The buyer: `ifu` for a business that deducts VAT (shown on its normalized invoice). */
  client?: { ifu?: string; name?: string; contact?: string; address?: string };
  operator: { id?: string; name: string };
  payment?: { name: keyof typeof emecefPaymentTypes; amount: number }[];
  /** A credit note's original invoice: its MECeF/DGI code, 24 characters without dashes. */
  reference?: string;
}

/** What the DGI computed for a pending invoice: rates (ta…td), TTC per group (taa…taf), HT and TVA of B and D. */
export interface InvoiceTotals {
  uid: string;
  ta?: number;
  tb?: number;
  tc?: number;
  td?: number;
  taa?: number;
  tab?: number;
  tac?: number;
  tad?: number;
  tae?: number;
  taf?: number;
  hab?: number;
  had?: number;
  vab?: number;
  vad?: number;
  aib?: number;
  ts?: number;
  total: number;
}

export interface SecurityElements {
  codeMECeFDGI: string;
  qrCode: string;
  counters: string;
  nim: string;
  dateTime: string;
}

export interface EmcfStatus {
  status: boolean;
  version?: string;
  ifu: string;
  nim: string;
  tokenValid: string;
  serverDateTime: string;
  pendingRequestsCount?: number;
  pendingRequestsList?: { uid: string; date: string }[];
}

const TIMEOUT_MS = 20_000;
const STATUS_TIMEOUT_MS = 5_000;

/** An answer of the DGI that refuses the request itself: sending it again changes nothing. */
export class DgiRefusal extends DeliveryError {
  constructor(
    readonly code: string,
    readonly description: string,
  ) {
    super(explainRefusal(code, description), 'fail');
  }
}

/** The DGI's message, with what the owner can do about it. */
export function explainRefusal(code: string, description: string): string {
  const text = `${description} (code ${code})`;
  if (/ifu/i.test(description))
    return `La DGI refuse la facture : ${text}. Vérifiez l’IFU de l’entreprise dans Paramètres (13 chiffres, celui du jeton e-MECeF), puis « Réessayer ».`;
  if (/groupe|taxe|tax/i.test(description))
    return `La DGI refuse la facture : ${text}. Vérifiez le groupe de taxe des articles (fiche de chaque article) et le groupe par défaut dans Paramètres, puis « Réessayer ».`;
  if (/jeton|token|autoris/i.test(description))
    return `La DGI refuse la facture : ${text}. Le jeton e-MECeF n’est plus valable : demandez-en un sur le portail e-MECeF de la DGI, mettez-le dans EMECEF_TOKEN et redémarrez la boutique.`;
  return `La DGI refuse la facture : ${text}. Corrigez ce qu’elle indique, puis « Réessayer ».`;
}

export function emcfClient(config: EmecefConfig) {
  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, timeoutMs = TIMEOUT_MS): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const why = err instanceof Error && err.name === 'TimeoutError' ? 'ne répond pas' : 'est injoignable';
      throw new DeliveryError(`Le service e-MECeF de la DGI ${why} : nouvel essai automatique.`);
    }
    if (response.status === 401 || response.status === 403)
      throw new DeliveryError(
        'Le jeton e-MECeF est refusé par la DGI (expiré ou invalide) : demandez-en un sur le portail e-MECeF, mettez-le dans EMECEF_TOKEN et redémarrez la boutique. Nouvel essai automatique en attendant.',
      );
    const text = await response.text();
    let json: (T & { errorCode?: string | number; errorDesc?: string }) | undefined;
    try {
      json = text ? (JSON.parse(text) as T & { errorCode?: string | number; errorDesc?: string }) : undefined;
    } catch {
      json = undefined;
    }
    if (json?.errorCode !== undefined && json.errorCode !== null && String(json.errorCode) !== '0')
      throw new DgiRefusal(String(json.errorCode), json.errorDesc ?? 'erreur sans description');
    if (!response.ok || json === undefined)
      throw new DeliveryError(`Le service e-MECeF de la DGI a répondu ${response.status} : nouvel essai automatique.`);
    return json;
  }

  return {
    // Asked while the owner waits on Paramètres: a DGI that does not answer is said within seconds.
    status: () => call<EmcfStatus>('GET', '/info/status', undefined, STATUS_TIMEOUT_MS),
    /** The invoices created and neither confirmed nor cancelled yet. */
    pending: async () => (await call<EmcfStatus>('GET', '/invoice')).pendingRequestsList ?? [],
    create: (request: InvoiceRequest) => call<InvoiceTotals>('POST', '/invoice', request),
    confirm: (uid: string) => call<SecurityElements>('PUT', `/invoice/${encodeURIComponent(uid)}/confirm`),
    cancel: (uid: string) => call<unknown>('PUT', `/invoice/${encodeURIComponent(uid)}/cancel`),
  };
}
export type EmcfClient = ReturnType<typeof emcfClient>;
