import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

// A local FedaPay: the HTTP API the official SDK calls (create a transaction, get its payment
// token and page, retrieve it), a payment page with buttons, and webhooks signed as FedaPay signs
// them (X-FEDAPAY-SIGNATURE: t=<unix time>,s=<HMAC-SHA256 of "t.body" with the webhook secret>).

export interface StandInTransaction {
  klass: 'v1/transaction';
  id: number;
  reference: string;
  amount: number;
  description: string;
  callback_url: string;
  status: 'pending' | 'approved' | 'declined' | 'canceled' | 'refunded';
  currency_id: number;
  merchant_reference: string | null;
  custom_metadata: Record<string, unknown>;
  customer: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

const XOF_ID = 1;
const actions = { approve: 'approved', decline: 'declined', cancel: 'canceled' } as const;

export async function startFedaPayStandIn(options: { secretKey: string; webhookSecret: string }) {
  const transactions = new Map<number, StandInTransaction>();
  const tokens = new Map<string, number>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  const state = { webhookUrl: '', deliverWebhooks: true, failApi: false };
  let nextId = 1000;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  function sign(body: string, timestamp = Math.floor(Date.now() / 1000), secret = options.webhookSecret) {
    return `t=${timestamp},s=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
  }
  const eventBody = (t: StandInTransaction) => JSON.stringify({ name: `transaction.${t.status}`, object: 'transaction', entity: t });

  /** Posts a (signed, unless told otherwise) event to the shop, as FedaPay does. */
  async function deliver(body: string, signature: string | null = sign(body)) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== null) headers['x-fedapay-signature'] = signature;
    return fetch(state.webhookUrl, { method: 'POST', headers, body });
  }

  async function settle(t: StandInTransaction, status: StandInTransaction['status']) {
    t.status = status;
    // What FedaPay keeps once it approves (its commission, here 1.7 %), as its transactions say.
    if (status === 'approved')
      Object.assign(t, {
        commission: 0.017,
        fees: Math.round(t.amount * 0.017),
        amount_transferred: t.amount - Math.round(t.amount * 0.017),
      });
    t.updated_at = new Date().toISOString();
    if (state.deliverWebhooks && state.webhookUrl) await deliver(eventBody(t));
  }

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => resolve(text));
    });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const text = await readBody(req);
    const body =
      text && req.headers['content-type']?.includes('json')
        ? (JSON.parse(text) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(text));
    requests.push({ method: req.method ?? '', path: url.pathname, body });

    // The payment page a shopper is sent to, and its buttons.
    const page = /^\/pay\/([a-z0-9]+)(?:\/(approve|decline|cancel))?$/.exec(url.pathname);
    if (page) {
      const t = transactions.get(tokens.get(page[1]!) ?? -1);
      if (!t) return json(res, 404, { message: 'Token invalide' });
      if (req.method === 'POST' && page[2]) {
        await settle(t, actions[page[2] as keyof typeof actions]);
        const back = new URL(t.callback_url);
        back.searchParams.set('id', String(t.id));
        back.searchParams.set('status', t.status);
        return res.writeHead(303, { location: back.toString() }).end();
      }
      const button = (action: string, label: string) =>
        `<form method="post" action="/pay/${page[1]}/${action}"><button type="submit">${label}</button></form>`;
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>FedaPay (bac à sable local)</title></head><body>` +
            `<h1>Paiement FedaPay</h1><p data-testid="amount">${t.amount} XOF</p><p>${t.description}</p>` +
            button('approve', 'Payer avec MTN Mobile Money') +
            button('decline', 'Simuler un refus') +
            button('cancel', 'Annuler') +
            `</body></html>`,
        );
    }

    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    // The API, behind the secret key.
    if (!url.pathname.startsWith('/v1/')) return json(res, 404, { message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) return json(res, 401, { message: 'Unauthenticated.' });
    if (state.failApi) return json(res, 500, { message: 'Erreur interne FedaPay' });
    if (req.method === 'POST' && url.pathname === '/v1/transactions') {
      const currency = body.currency as { iso?: string } | undefined;
      if (
        !Number.isInteger(body.amount) ||
        (body.amount as number) <= 0 ||
        currency?.iso !== 'XOF' ||
        typeof body.description !== 'string'
      ) {
        return json(res, 422, { message: 'Les données fournies sont invalides.', errors: { amount: ['invalid'] } });
      }
      const now = new Date().toISOString();
      const t: StandInTransaction = {
        klass: 'v1/transaction',
        id: nextId++,
        reference: `trx-${randomBytes(5).toString('hex')}`,
        amount: body.amount as number,
        description: body.description,
        callback_url: String(body.callback_url ?? ''),
        status: 'pending',
        currency_id: XOF_ID,
        merchant_reference: typeof body.merchant_reference === 'string' ? body.merchant_reference : null,
        custom_metadata: (body.custom_metadata as Record<string, unknown>) ?? {},
        customer: (body.customer as Record<string, unknown>) ?? {},
        created_at: now,
        updated_at: now,
      };
      transactions.set(t.id, t);
      return json(res, 200, { 'v1/transaction': t });
    }
    const one = /^\/v1\/transactions\/(\d+)(\/token)?$/.exec(url.pathname);
    const t = one ? transactions.get(Number(one[1])) : undefined;
    if (one && !t) return json(res, 404, { message: 'Transaction introuvable' });
    if (t && req.method === 'POST' && one?.[2]) {
      const token = randomBytes(12).toString('hex');
      tokens.set(token, t.id);
      return json(res, 200, { token, url: `${standIn.url}/pay/${token}` });
    }
    if (t && req.method === 'GET' && !one?.[2]) return json(res, 200, { 'v1/transaction': t });
    return json(res, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };

  const standIn = {
    url: `http://127.0.0.1:${address.port}`,
    transactions,
    requests,
    state,
    sign,
    eventBody,
    deliver,
    /** The transaction behind a payment page's address. */
    transactionFor(paymentUrl: string) {
      const token = /\/pay\/([a-z0-9]+)$/.exec(paymentUrl)?.[1];
      const t = transactions.get(tokens.get(token ?? '') ?? -1);
      if (!t) throw new Error(`no transaction behind ${paymentUrl}`);
      return t;
    },
    /** What a shopper does on the payment page, without a browser. */
    async pay(paymentUrl: string, action: keyof typeof actions) {
      const t = standIn.transactionFor(paymentUrl);
      await settle(t, actions[action]);
      return t;
    },
    created: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/transactions').length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
export type FedaPayStandIn = Awaited<ReturnType<typeof startFedaPayStandIn>>;
