import { createHash } from 'node:crypto';
import { WHATSAPP_TEMPLATES, type WhatsAppTemplate, whatsappError } from '@app/shared';
import type { WhatsAppConfig } from '../config';

// The WhatsApp Business Platform's Cloud API, as the shop uses it: send a message from the shop's
// number (POST /<phone number id>/messages) and read the templates' statuses (GET /<WhatsApp
// Business Account id>/message_templates). Plain fetch over the Graph API's documented JSON.

/** What the shop sends: a template with its values (and a document for the invoice), a free text, or a document. */
export type Outgoing =
  | { kind: 'template'; template: WhatsAppTemplate; values: readonly string[]; document?: { link: string; filename: string } | undefined }
  | { kind: 'text'; text: string }
  | { kind: 'document'; link: string; filename: string; caption: string };

/**
 * Meta refused, or could not be reached. `certainlyNotSent`: nothing left for sure (a refusal, a
 * refused connection), unlike a timeout; `then`: what to do (from Meta's error code).
 */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly then: 'retry' | 'fail' | 'fallback',
    readonly certainlyNotSent: boolean,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** The message's body for the API (E.164 digits without "+"). */
export function messageBody(to: string, message: Outgoing, opaque: string) {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: to.replace(/^\+/, ''), biz_opaque_callback_data: opaque };
  if (message.kind === 'text') return { ...base, type: 'text', text: { body: message.text, preview_url: true } };
  if (message.kind === 'document')
    return { ...base, type: 'document', document: { link: message.link, filename: message.filename, caption: message.caption } };
  const components: object[] = [];
  if (message.document)
    components.push({
      type: 'header',
      parameters: [{ type: 'document', document: { link: message.document.link, filename: message.document.filename } }],
    });
  if (message.values.length) components.push({ type: 'body', parameters: message.values.map((text) => ({ type: 'text', text })) });
  // An authentication template's « Copier le code » button carries the code too (Meta's format).
  if ('otp' in WHATSAPP_TEMPLATES[message.template])
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.values[0] ?? '' }] });
  return { ...base, type: 'template', template: { name: message.template, language: { code: 'fr' }, components } };
}

const TIMEOUT_MS = 15_000;

async function call(config: WhatsAppConfig, path: string, init: RequestInit = {}) {
  let res: Response;
  try {
    res = await fetch(`${config.apiBase}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    // A refused or unknown address: nothing reached Meta. A timeout: the request may have arrived.
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? '';
    const before = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET'].includes(cause);
    throw new GraphError(
      before
        ? 'Serveurs de WhatsApp injoignables : nouvel essai bientôt.'
        : 'WhatsApp n’a pas répondu à temps : le message est peut-être parti.',
      'retry',
      before,
    );
  }
  const body = (await res.json().catch(() => null)) as {
    error?: { code?: number; message?: string; error_data?: { details?: string } };
  } | null;
  if (res.ok && body && !body.error) return body;
  const code = body?.error?.code ?? (res.status === 401 ? 190 : res.status === 429 ? 130429 : res.status >= 500 ? 131000 : 100);
  const said = whatsappError(code, body?.error?.error_data?.details ?? body?.error?.message, res.status);
  throw new GraphError(said.text, said.then, true, code);
}

/** Sends one message; the id Meta gives it (wamid), which its status webhooks carry with `opaque`. */
export async function sendMessage(config: WhatsAppConfig, to: string, message: Outgoing, opaque: string): Promise<string> {
  const answer = (await call(config, `/${config.phoneNumberId}/messages`, {
    method: 'POST',
    body: JSON.stringify(messageBody(to, message, opaque)),
  })) as { messages?: { id: string }[] };
  const id = answer.messages?.[0]?.id;
  if (!id) throw new GraphError('Réponse de WhatsApp sans identifiant de message.', 'fail', false);
  return id;
}

export interface TemplateState {
  name: WhatsAppTemplate;
  status: string;
}

/**
 * Each template the shop needs, with the status Meta reports for its French version ("MISSING"
 * when not submitted), or null when it cannot be read (a token without whatsapp_business_management).
 */
export async function templateStates(config: WhatsAppConfig): Promise<{ states: TemplateState[] | null; problem: string | null }> {
  try {
    const found = new Map<string, string>();
    let path: string | null = `/${config.businessAccountId}/message_templates?fields=name,status,language,category&limit=100`;
    for (let page = 0; path && page < 10; page++) {
      const answer = (await call(config, path)) as {
        data?: { name: string; status: string; language: string }[];
        paging?: { next?: string };
      };
      for (const t of answer.data ?? []) if (t.language === 'fr') found.set(t.name, t.status);
      const next: string | undefined = answer.paging?.next;
      path = next ? next.slice(next.indexOf('/', next.indexOf('//') + 2)).replace(/^\/v[\d.]+/, '') : null;
    }
    return {
      states: (Object.keys(WHATSAPP_TEMPLATES) as WhatsAppTemplate[]).map((name) => ({ name, status: found.get(name) ?? 'MISSING' })),
      problem: null,
    };
  } catch (err) {
    const problem =
      err instanceof GraphError && (err.code === 10 || err.code === 200 || err.code === 100)
        ? 'Le jeton ne permet pas de lire les modèles (permission whatsapp_business_management) : la boutique envoie quand même.'
        : `Statuts illisibles pour l’instant : ${err instanceof Error ? err.message : String(err)} La boutique envoie quand même.`;
    return { states: null, problem };
  }
}

/** Where Meta serves customers' files (lookaside.fbsbx.com today; its CDNs), by host suffix. */
const META_HOSTS = ['fbsbx.com', 'fbcdn.net', 'facebook.com', 'whatsapp.net'];

/** An https link on one of Meta's hosts, or on the configured Graph API's own host. */
export function fromMeta(link: string, apiBase: string) {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  const api = new URL(apiBase);
  if (url.host === api.host && url.protocol === api.protocol) return true;
  return url.protocol === 'https:' && META_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/**
 * A file a customer sent, by the id Meta gave in the webhook: GET /<media id> gives a link (valid
 * five minutes) with the file's type, size and SHA-256; the link is then read with the token, a
 * buffer at a time, and given up beyond `maxBytes`. A refused, cut or altered download is retried
 * (a new link each time); a file too heavy is not.
 */
export async function downloadMedia(
  config: WhatsAppConfig,
  mediaId: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  const info = (await call(config, `/${encodeURIComponent(mediaId)}`)) as {
    url?: string;
    mime_type?: string;
    sha256?: string;
    file_size?: number | string;
  };
  if (!info.url) throw new GraphError('Réponse de WhatsApp sans lien vers le fichier.', 'retry', true);
  const tooHeavy = () =>
    new GraphError(
      `Fichier trop lourd pour la boutique (${Math.ceil(maxBytes / 1024 / 1024)} Mo au plus) : ouvrez-le dans WhatsApp.`,
      'fail',
      true,
    );
  if (Number(info.file_size ?? 0) > maxBytes) throw tooHeavy();
  // The token goes only to Meta's file servers (or the Graph API's own host: a stand-in in tests).
  if (!fromMeta(info.url, config.apiBase))
    throw new GraphError('Lien de fichier hors des serveurs de Meta : refusé, le jeton WhatsApp n’y est pas envoyé.', 'fail', true);
  let res: Response;
  try {
    res = await fetch(info.url, { headers: { authorization: `Bearer ${config.token}` }, signal: AbortSignal.timeout(60_000) });
  } catch {
    throw new GraphError('Fichier de WhatsApp injoignable : nouvel essai bientôt.', 'retry', true);
  }
  if (!res.ok || !res.body)
    throw new GraphError(`WhatsApp a refusé le fichier (HTTP ${res.status}) : nouvel essai bientôt.`, 'retry', true);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > maxBytes) throw tooHeavy();
      chunks.push(Buffer.from(chunk));
    }
  } catch (err) {
    if (err instanceof GraphError) throw err;
    throw new GraphError('Fichier de WhatsApp reçu en partie : nouvel essai bientôt.', 'retry', true);
  }
  const bytes = Buffer.concat(chunks);
  if (info.sha256 && createHash('sha256').update(bytes).digest('hex') !== info.sha256.toLowerCase())
    throw new GraphError('Fichier de WhatsApp altéré en route (empreinte différente) : nouvel essai bientôt.', 'retry', true);
  return { bytes, contentType: (info.mime_type ?? '').split(';')[0]!.trim().toLowerCase() };
}
