import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

// A local WhatsApp Cloud API (Meta's Graph API) for the tests: POST /<version>/<phone number id>/messages
// answers as Meta does ({ messaging_product, contacts, messages: [{ id: "wamid…" }] }) or with
// Meta's error shape ({ error: { message, type, code, error_data: { details } } }); GET
// /<version>/<business account id>/message_templates lists templates; GET /<version>/<media id>
// gives a customer's file's link, type, size and SHA-256, and the link gives its bytes (with the
// token); and it posts webhooks to the shop signed as Meta signs them (X-Hub-Signature-256:
// sha256=<HMAC-SHA256 of the body, app secret>).

export const GRAPH = {
  token: 'EAAtest-token',
  phoneNumberId: '1098765432',
  businessAccountId: '2233445566',
  appSecret: 'app-secret-for-tests',
  verifyToken: 'jeton-de-verification',
};

export interface SentMessage {
  to: string;
  type: string;
  template?: {
    name: string;
    language: { code: string };
    components: { type: string; parameters: { type: string; text?: string; document?: { link: string } }[] }[];
  };
  text?: { body: string };
  biz_opaque_callback_data?: string;
  wamid: string;
}

export async function startGraphStandIn() {
  const sent: SentMessage[] = [];
  const state = {
    webhookUrl: '',
    /** Template name → Meta's error code for sends of it. */
    refuse: new Map<string, number>(),
    /** The next sends answered with this HTTP status and code (rate limits, an expired token). */
    failNext: [] as { status: number; code: number }[],
    /** Sends received and never answered (a server frozen or killed while waiting). */
    holdSends: false,
    held: [] as (() => void)[],
    templates: new Map<string, string>(),
    templatesForbidden: false,
    /** Files customers sent, by media id; `sha256` as Meta states it (a wrong one stands for a file altered on the way). */
    media: new Map<string, { bytes: Buffer; mimeType: string; sha256: string }>(),
    /** The next downloads of a file's link answered with this HTTP status (a link expired: 404). */
    failDownloads: [] as number[],
    downloads: 0,
    /** The host of the file links Meta gives (another one stands for a link off Meta's servers). */
    mediaHost: '127.0.0.1',
    /** Links given without the file's size (the shop then learns it while downloading). */
    hideFileSize: false,
    /** Authorization headers the file links received. */
    fileAuthorizations: [] as string[],
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const metaError = (res: http.ServerResponse, status: number, code: number, message = 'Erreur de test') =>
    json(res, status, {
      error: {
        message,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: message },
        fbtrace_id: 'Atest',
      },
    });

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname.startsWith('/files/')) state.fileAuthorizations.push(`${req.headers.host} ${req.headers.authorization ?? ''}`);
      if (req.headers.authorization !== `Bearer ${GRAPH.token}`) return metaError(res, 401, 190, 'Invalid OAuth access token');
      if (req.method === 'GET' && url.pathname === `/v23.0/${GRAPH.businessAccountId}/message_templates`) {
        if (state.templatesForbidden) return metaError(res, 403, 200, 'Permissions error');
        return json(res, 200, {
          data: [...state.templates].map(([name, status]) => ({ name, status, language: 'fr', category: 'UTILITY', id: name })),
        });
      }
      if (req.method === 'POST' && url.pathname === `/v23.0/${GRAPH.phoneNumberId}/messages`) {
        const body = JSON.parse(text) as Omit<SentMessage, 'wamid'>;
        const failure = state.failNext.shift();
        if (failure) return metaError(res, failure.status, failure.code);
        const refused = body.template ? state.refuse.get(body.template.name) : undefined;
        if (refused) return metaError(res, 400, refused, `(#${refused}) Template name does not exist in the translation`);
        const wamid = `wamid.${randomBytes(12).toString('base64url')}`;
        sent.push({ ...body, wamid });
        const answer = () =>
          json(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: wamid }] });
        if (state.holdSends) state.held.push(answer);
        else answer();
        return;
      }
      const file = /^\/files\/([\w.-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && file) {
        state.downloads++;
        const failure = state.failDownloads.shift();
        const media = state.media.get(file[1]!);
        if (failure || !media) return res.writeHead(failure ?? 404).end();
        return res.writeHead(200, { 'content-type': media.mimeType, 'content-length': media.bytes.length }).end(media.bytes);
      }
      const mediaInfo = /^\/v23\.0\/(media\.[\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && mediaInfo) {
        const media = state.media.get(mediaInfo[1]!);
        if (!media) return metaError(res, 400, 100, 'Unsupported get request. Object does not exist');
        return json(res, 200, {
          messaging_product: 'whatsapp',
          url: `http://${state.mediaHost}:${port}/files/${mediaInfo[1]}`,
          mime_type: media.mimeType,
          sha256: media.sha256,
          ...(state.hideFileSize ? {} : { file_size: String(media.bytes.length) }),
          id: mediaInfo[1],
        });
      }
      metaError(res, 404, 100, 'Unknown path');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const sign = (body: string, secret = GRAPH.appSecret) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const envelope = (value: object) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: GRAPH.businessAccountId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '22900000001', phone_number_id: GRAPH.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
  let inbound = 0;
  const inboundMessage = (from: string, name: string, message: object) =>
    envelope({
      contacts: [{ profile: { name }, wa_id: from.replace(/^\+/, '') }],
      messages: [
        {
          from: from.replace(/^\+/, ''),
          id: `wamid.in${++inbound}${randomBytes(4).toString('hex')}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
          ...message,
        },
      ],
    });

  return {
    url: `http://127.0.0.1:${port}/v23.0`,
    env: (webhookBase?: string) => {
      if (webhookBase) state.webhookUrl = `${webhookBase}/api/whatsapp/webhook`;
      return {
        WHATSAPP_TOKEN: GRAPH.token,
        WHATSAPP_PHONE_NUMBER_ID: GRAPH.phoneNumberId,
        WHATSAPP_BUSINESS_ACCOUNT_ID: GRAPH.businessAccountId,
        WHATSAPP_APP_SECRET: GRAPH.appSecret,
        WHATSAPP_VERIFY_TOKEN: GRAPH.verifyToken,
        WHATSAPP_API_BASE: `http://127.0.0.1:${port}/v23.0`,
      };
    },
    state,
    sent,
    /** What the shop sent to this phone (digits), oldest first. */
    sentTo: (phone: string) => sent.filter((m) => m.to === phone.replace(/^\+/, '')),
    /** The values of a template message, in order. */
    valuesOf: (m: SentMessage) => m.template?.components.find((c) => c.type === 'body')?.parameters.map((p) => p.text) ?? [],
    sign,
    /** Posts a webhook body to the shop, signed unless told otherwise. */
    post: (body: string, signature: string | null = sign(body)) =>
      fetch(state.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature-256': signature }) },
        body,
      }),
    /** A customer's text message, as Meta posts it. */
    inboundText: (from: string, text: string, name = 'Client') => inboundMessage(from, name, { type: 'text', text: { body: text } }),
    /**
     * A customer's file (a photo, a voice message, a document), as Meta posts it: its id in the
     * webhook, the file kept here for the shop to fetch. Returns the body and the media id.
     */
    inboundMedia: (
      from: string,
      type: 'image' | 'audio' | 'document' | 'sticker',
      file: { bytes: Buffer; mimeType: string; caption?: string; filename?: string; wrongHash?: boolean; name?: string },
    ) => {
      const id = `media.${randomBytes(6).toString('hex')}`;
      const sha256 = createHash('sha256')
        .update(file.wrongHash ? Buffer.concat([file.bytes, Buffer.from('x')]) : file.bytes)
        .digest('hex');
      state.media.set(id, { bytes: file.bytes, mimeType: file.mimeType, sha256 });
      const media = {
        id,
        mime_type: file.mimeType,
        sha256: createHash('sha256').update(file.bytes).digest('base64'),
        ...(file.caption ? { caption: file.caption } : {}),
        ...(file.filename ? { filename: file.filename } : {}),
        ...(type === 'audio' ? { voice: true } : {}),
      };
      return { body: inboundMessage(from, file.name ?? 'Client', { type, [type]: media }), mediaId: id };
    },
    /** A delivery status of a message the shop sent. */
    status: (
      m: Pick<SentMessage, 'wamid' | 'to' | 'biz_opaque_callback_data'>,
      status: 'sent' | 'delivered' | 'read' | 'failed',
      errorCode?: number,
    ) =>
      envelope({
        statuses: [
          {
            id: m.wamid,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: m.to,
            ...(m.biz_opaque_callback_data ? { biz_opaque_callback_data: m.biz_opaque_callback_data } : {}),
            ...(errorCode
              ? { errors: [{ code: errorCode, title: 'Message undeliverable', error_data: { details: 'Message undeliverable' } }] }
              : {}),
          },
        ],
      }),
    release: () => state.held.splice(0).forEach((answer) => answer()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type GraphStandIn = Awaited<ReturnType<typeof startGraphStandIn>>;
