import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';

// A local e-MCF (the DGI's normalized-invoice API) as the shop calls it: Bearer token, pending
// invoices with the totals per tax group, confirm or cancel within a delay after which a pending
// one is dropped, counters that increase, security elements and errorCode/errorDesc answers.

interface StandInInvoice {
  uid: string;
  request: {
    ifu: string;
    type: 'FV' | 'FA';
    items: {
      code?: string;
      name: string;
      price: number;
      quantity: number;
      taxGroup: string;
      originalPrice?: number;
      priceModification?: string;
    }[];
    operator?: { id?: string; name: string };
    reference?: string;
    client?: { ifu?: string; name?: string; contact?: string };
    payment?: { name: string; amount: number }[];
  };
  createdAt: number;
  status: 'pending' | 'confirmed' | 'cancelled' | 'dropped';
  security?: { codeMECeFDGI: string; qrCode: string; counters: string; nim: string; dateTime: string };
}

const RATES: Record<string, number> = { A: 0, B: 18, C: 0, D: 18, E: 0, F: 0 };
const pad = (n: number) => String(n).padStart(2, '0');

export async function startEmcfStandIn(options: { token: string; ifu: string; nim?: string; dropMs?: number }) {
  const nim = options.nim ?? 'TS01000042';
  const invoices = new Map<string, StandInInvoice>();
  const counters = { total: 0, FV: 0, FA: 0 };
  const state = {
    down: false,
    /** Requests are taken and never answered (a service that hangs), until it is cleared. */
    silent: false,
    /** The next confirmations are held, never processed, until `dropHeld` (a crash on the way there). */
    holdConfirm: false,
    /** The next creations are processed, their answers held until `dropHeld` (a crash before the uid is stored). */
    holdCreate: false,
    /** The next confirmations are processed and their answers lost (a crash after the DGI normalized it). */
    loseConfirmAnswer: false,
    dropMs: options.dropMs ?? 120_000,
  };
  const held: { uid: string; res: http.ServerResponse }[] = [];
  const requests: { method: string; path: string }[] = [];

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const refuse = (res: http.ServerResponse, errorCode: string, errorDesc: string) => json(res, 400, { errorCode, errorDesc });
  const sweep = () => {
    for (const inv of invoices.values()) if (inv.status === 'pending' && Date.now() - inv.createdAt > state.dropMs) inv.status = 'dropped';
  };
  const pending = () => [...invoices.values()].filter((i) => i.status === 'pending');
  const statusBody = () => ({
    status: true,
    version: '1.0',
    ifu: options.ifu,
    nim,
    tokenValid: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    serverDateTime: new Date().toISOString(),
    pendingRequestsCount: pending().length,
    pendingRequestsList: pending().map((i) => ({ uid: i.uid, date: new Date(i.createdAt).toISOString() })),
  });

  function totals(inv: StandInInvoice) {
    const ttc: Record<string, number> = { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0 };
    for (const item of inv.request.items) ttc[item.taxGroup]! += item.price * item.quantity;
    const ht = (g: string) => Math.round(ttc[g]! / (1 + RATES[g]! / 100));
    return {
      uid: inv.uid,
      ta: RATES.A,
      tb: RATES.B,
      tc: RATES.C,
      td: RATES.D,
      taa: ttc.A,
      tab: ttc.B,
      tac: ttc.C,
      tad: ttc.D,
      tae: ttc.E,
      taf: ttc.F,
      hab: ht('B'),
      had: ht('D'),
      vab: ttc.B! - ht('B'),
      vad: ttc.D! - ht('D'),
      aib: 0,
      ts: 0,
      total: Object.values(ttc).reduce((a, b) => a + b, 0),
    };
  }

  function confirm(inv: StandInInvoice) {
    counters.total += 1;
    counters[inv.request.type] += 1;
    const code = `TEST${randomBytes(15)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .padEnd(20, 'X')
      .slice(0, 20)}`;
    const now = new Date();
    const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
    inv.status = 'confirmed';
    inv.security = {
      codeMECeFDGI: code.match(/.{4}/g)!.join('-'),
      qrCode: `F;${nim};${code};${options.ifu};${stamp}`,
      counters: `${counters[inv.request.type]}/${counters.total} ${inv.request.type}`,
      nim,
      dateTime: `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
    };
    return inv.security;
  }

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').replace(/^\/api/, '');
      requests.push({ method: req.method ?? '', path });
      if (state.down) return void req.socket.destroy();
      if (state.silent) return;
      if (req.headers.authorization !== `Bearer ${options.token}`) return json(res, 401, { message: 'Unauthorized' });
      sweep();
      if (req.method === 'GET' && (path === '/info/status' || path === '/invoice')) return json(res, 200, statusBody());
      if (req.method === 'GET' && path === '/info/taxGroups')
        return json(res, 200, { a: 0, b: 18, c: 0, d: 18, e: 0, f: 0, aibA: 1, aibB: 5 });
      if (req.method === 'POST' && path === '/invoice') {
        const request = JSON.parse(text) as StandInInvoice['request'];
        if (request.ifu !== options.ifu) return refuse(res, '1', `L'IFU ${request.ifu} ne correspond pas au jeton utilisé`);
        const unknown = request.items.find((i) => !(i.taxGroup in RATES));
        if (unknown) return refuse(res, '5', `Groupe de taxe inconnu : ${unknown.taxGroup}`);
        const fractional = request.items.find(
          (i) => !Number.isInteger(i.price) || (i.originalPrice !== undefined && !Number.isInteger(i.originalPrice)),
        );
        if (fractional) return refuse(res, '6', `Prix non entier : ${fractional.name}`);
        if (request.type === 'FA') {
          const original = [...invoices.values()].find((i) => i.security?.codeMECeFDGI.replace(/-/g, '') === request.reference);
          if (!original) return refuse(res, '9', `Référence de la facture originale invalide : ${request.reference ?? '(absente)'}`);
        }
        const inv: StandInInvoice = { uid: randomUUID(), request, createdAt: Date.now(), status: 'pending' };
        invoices.set(inv.uid, inv);
        if (state.holdCreate) return void held.push({ uid: inv.uid, res });
        return json(res, 200, totals(inv));
      }
      const action = /^\/invoice\/([^/]+)\/(confirm|cancel)$/.exec(path);
      if (req.method === 'PUT' && action) {
        const inv = invoices.get(action[1]!);
        if (!inv || inv.status === 'dropped' || inv.status === 'cancelled') return refuse(res, '3', 'Facture introuvable ou expirée');
        if (inv.status === 'confirmed') return refuse(res, '20', 'Facture déjà finalisée');
        if (action[2] === 'cancel') {
          inv.status = 'cancelled';
          return json(res, 200, { dateTime: new Date().toISOString() });
        }
        // A confirmation held: never processed; `dropHeld` ends it as a crash on the way would.
        if (state.holdConfirm) return void held.push({ uid: inv.uid, res });
        const security = confirm(inv);
        if (state.loseConfirmAnswer) return void req.socket.destroy();
        return json(res, 200, security);
      }
      json(res, 404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/api`,
    state,
    requests,
    invoices,
    held,
    /** The invoices the DGI normalized, oldest first. */
    confirmed: () => [...invoices.values()].filter((i) => i.status === 'confirmed'),
    /** Ends the held requests as a crash would: a held confirmation was never processed (its invoice stays pending). */
    dropHeld: () => {
      for (const h of held.splice(0)) h.res.socket?.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type EmcfStandIn = Awaited<ReturnType<typeof startEmcfStandIn>>;
