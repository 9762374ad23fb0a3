import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  production: boolean;
  /** PostgreSQL connection string; unset means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  /** Storefront pages rendered on the server (SERVER_RENDERING=false: the browser renders them, as before). */
  serverRendering: boolean;
  /** Demo SVG illustrations turned into stored photos after start (DEMO_PHOTOS=false keeps the SVGs). */
  demoPhotos: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  /** URLs in one sitemap file (the protocol's cap, 50,000; lower in tests). */
  sitemapUrlsPerFile: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  logLevel: string;
  /** nodemailer connection URL; unset: mail goes to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  /** The bearer token /metrics asks for (ops/metrics.ts); unset: no /metrics. */
  metricsToken: string | undefined;
  mailFrom: string;
  /** How often each server looks for due mails and notifications (it also looks at once after a write of its own). */
  outboxPollMs: number;
  /** The push services a device's subscription may point to (browsers' own): no other address is ever called. */
  pushServiceHosts: string[];
  /** The delay before the first retry of a failed mail or notification; it doubles with each attempt, up to an hour. */
  outboxRetrySeconds: number;
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; unset: a pair is made at first need and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** Per-IP limits on public forms and login throttling (RATE_LIMIT=off disables the form limits, for tests). */
  rateLimit: boolean;
  /**
   * Proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy): a hop count, or
   * addresses and CIDR ranges. false (unset): the client's address is the socket's, whatever it writes.
   */
  trustProxy: false | number | string[];
  /** Memory for the public read cache (compressed answers), in MB. */
  cacheMegabytes: number;
  /** Mobile Money through FedaPay; unset (no FEDAPAY_SECRET_KEY): the option is hidden. */
  fedapay: FedaPayConfig | null;
  /** Normalized invoices through the DGI's e-MCF API; unset (no EMECEF_TOKEN): no invoice is asked for. */
  emecef: EmecefConfig | null;
  /** How long a server holds an outbox row it works on before another may take it over. */
  outboxLeaseSeconds: number;
  /** Messages to customers on WhatsApp (Cloud API); unset (no WHATSAPP_TOKEN): the wa.me links only, as before. */
  whatsapp: WhatsAppConfig | null;
  /**
   * Where photos, kept PDFs and WhatsApp files are (files/store.ts): DATA_DIR/files, or the bucket
   * of FILES_URL (s3://bucket/prefix, with the AWS_* variables) that several servers share.
   */
  files: { dir: string } | { s3: { bucket: string; prefix: string; env: NodeJS.ProcessEnv } };
}

export interface WhatsAppConfig {
  /** A permanent (system user) access token with whatsapp_business_messaging (and _management to read template statuses). */
  token: string;
  phoneNumberId: string;
  businessAccountId: string;
  /** The Meta app's secret: webhooks are signed with it (X-Hub-Signature-256). */
  appSecret: string;
  /** What the owner typed as the verify token in Meta's webhook settings. */
  verifyToken: string;
  /** The Graph API with its version (https://graph.facebook.com/v23.0); tests point it at a stand-in. */
  apiBase: string;
}

export interface EmecefConfig {
  /** The JWT the DGI issues for the business's IFU (e-MECeF portal). */
  token: string;
  /** The API's address: the DGI's test service or its production one. */
  apiBase: string;
}

export interface FedaPayConfig {
  secretKey: string;
  environment: 'sandbox' | 'live';
  webhookSecret: string;
  /** Another API address than FedaPay's (a proxy, or the tests' stand-in). */
  apiBase: string | undefined;
}

/**
 * A setting that cannot work, said once for the start and for `npm run doctor`: what is wrong and
 * what to do, in French.
 */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly fix?: string,
  ) {
    super(message);
  }
}

const httpAddress = (name: string, value: string) => {
  if (!/^https?:\/\//.test(value))
    throw new ConfigError(`${name} n’est pas une adresse http(s) (« ${value} »).`, `Donnez l’adresse complète, par exemple https://…`);
};

/** FEDAPAY_*: all or nothing, so a half-configured shop fails at start, not at a shopper's payment. */
export function parseFedaPay(env: NodeJS.ProcessEnv): FedaPayConfig | null {
  const secretKey = env.FEDAPAY_SECRET_KEY?.trim();
  if (!secretKey) return null;
  const environment = (env.FEDAPAY_ENVIRONMENT?.trim() || 'sandbox') as FedaPayConfig['environment'];
  if (environment !== 'sandbox' && environment !== 'live')
    throw new ConfigError(
      `FEDAPAY_ENVIRONMENT vaut « ${environment} » : sandbox ou live attendu.`,
      'FEDAPAY_ENVIRONMENT=live pour de vrais paiements, sandbox pour les essais.',
    );
  const webhookSecret = env.FEDAPAY_WEBHOOK_SECRET?.trim();
  if (!webhookSecret)
    throw new ConfigError(
      'FEDAPAY_SECRET_KEY est défini sans FEDAPAY_WEBHOOK_SECRET : les paiements Mobile Money ne seraient jamais confirmés par FedaPay.',
      'Copiez le secret du webhook (wh_…) depuis le tableau de bord FedaPay, menu Webhooks, dans FEDAPAY_WEBHOOK_SECRET.',
    );
  const apiBase = env.FEDAPAY_API_BASE?.trim().replace(/\/+$/, '') || undefined;
  if (apiBase) httpAddress('FEDAPAY_API_BASE', apiBase);
  return { secretKey, environment, webhookSecret, apiBase };
}

/** The Graph API version the shop was written against (Meta keeps each about two years). */
export const GRAPH_API_DEFAULT = 'https://graph.facebook.com/v23.0';

/** WHATSAPP_*: all or nothing, so a half-configured shop fails at start, not at a customer's first message. */
export function parseWhatsApp(env: NodeJS.ProcessEnv): WhatsAppConfig | null {
  const names = [
    'WHATSAPP_TOKEN',
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_BUSINESS_ACCOUNT_ID',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
  ] as const;
  const values = names.map((name) => env[name]?.trim() ?? '');
  if (values.every((v) => !v)) return null;
  const missing = names.filter((_, i) => !values[i]);
  if (missing.length)
    throw new ConfigError(
      `WhatsApp à moitié configuré : il manque ${missing.join(', ')}.`,
      'Renseignez les cinq (Meta for Developers, votre application, WhatsApp › Configuration de l’API et Webhooks), ou aucun : les liens wa.me restent.',
    );
  const [token, phoneNumberId, businessAccountId, appSecret, verifyToken] = values as [string, string, string, string, string];
  const apiBase = env.WHATSAPP_API_BASE?.trim().replace(/\/+$/, '') || GRAPH_API_DEFAULT;
  httpAddress('WHATSAPP_API_BASE', apiBase);
  return { token, phoneNumberId, businessAccountId, appSecret, verifyToken, apiBase };
}

/** EMECEF_*: both or neither, so a half-configured shop fails at start, not at a customer's invoice. */
export function parseEmecef(env: NodeJS.ProcessEnv): EmecefConfig | null {
  const token = env.EMECEF_TOKEN?.trim();
  const apiBase = env.EMECEF_API_BASE?.trim().replace(/\/+$/, '');
  if (!token && !apiBase) return null;
  if (!token || !apiBase)
    throw new ConfigError(
      'EMECEF_TOKEN et EMECEF_API_BASE vont ensemble : les factures normalisées ne peuvent pas être demandées avec un seul des deux.',
      'Renseignez le jeton du portail e-MECeF et l’adresse de l’API de la DGI (https://developper.impots.bj/sygmef-emcf/api pour les essais), ou retirez les deux.',
    );
  httpAddress('EMECEF_API_BASE', apiBase);
  return { token, apiBase };
}

/** VAPID_*: both or neither (web-push generate-vapid-keys prints a pair). */
export function parseVapid(env: NodeJS.ProcessEnv): Config['vapid'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey)
    throw new ConfigError(
      'VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY vont ensemble : les alertes sur le téléphone ne pourraient pas être signées.',
      'Donnez les deux clés (npx web-push generate-vapid-keys), ou aucune : la boutique en crée une paire elle-même.',
    );
  return { publicKey, privateKey };
}

/** TRUST_PROXY: unset or empty for none, a number of hops ("1"), or a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim();
  if (!text || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true croirait n’importe quel client sur son adresse : les limites par adresse ne protégeraient plus rien.',
      'Donnez l’adresse du proxy (TRUST_PROXY=127.0.0.1) ou le nombre de proxys devant la boutique (TRUST_PROXY=1).',
    );
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new ConfigError(
      `${name} doit être un nombre entier positif (« ${value} »).`,
      `Corrigez ${name}, ou retirez-le pour sa valeur par défaut.`,
    );
  return n;
}

function parseFiles(env: NodeJS.ProcessEnv, dataDir: string): Config['files'] {
  const url = env.FILES_URL?.trim();
  if (!url) return { dir: path.join(dataDir, 'files') };
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m)
    throw new ConfigError(
      `FILES_URL doit s’écrire s3://seau/dossier (« ${url} »).`,
      'Donnez le seau S3 des fichiers, ou retirez FILES_URL pour les garder dans DATA_DIR/files.',
    );
  if (!env.AWS_ACCESS_KEY_ID?.trim() || !env.AWS_SECRET_ACCESS_KEY?.trim())
    throw new ConfigError(
      'FILES_URL demande AWS_ACCESS_KEY_ID et AWS_SECRET_ACCESS_KEY (la clé d’accès du stockage).',
      'Ajoutez la clé du seau (et AWS_ENDPOINT_URL, AWS_REGION hors d’AWS).',
    );
  const rest = m[2] ?? '';
  return { s3: { bucket: m[1]!, prefix: rest && !rest.endsWith('/') ? `${rest}/` : rest, env } };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000, 'PORT');
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    production: env.NODE_ENV === 'production',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    seedDemo: env.SEED_DEMO !== 'false',
    demoPhotos: env.DEMO_PHOTOS !== 'false',
    serverRendering: env.SERVER_RENDERING !== 'false',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120, 'SESSION_IDLE_MINUTES'),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 24, 'SESSION_ABSOLUTE_HOURS'),
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    mailFrom: env.MAIL_FROM || 'Boutique <no-reply@localhost>',
    outboxPollMs: int(env.OUTBOX_POLL_MS, 5_000, 'OUTBOX_POLL_MS'),
    pushServiceHosts: env.PUSH_SERVICE_HOSTS
      ? env.PUSH_SERVICE_HOSTS.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : BROWSER_PUSH_SERVICES,
    outboxRetrySeconds: int(env.OUTBOX_RETRY_SECONDS, 30, 'OUTBOX_RETRY_SECONDS'),
    vapid: parseVapid(env),
    emecef: parseEmecef(env),
    outboxLeaseSeconds: int(env.OUTBOX_LEASE_SECONDS, 60, 'OUTBOX_LEASE_SECONDS'),
    rateLimit: env.RATE_LIMIT !== 'off',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    cacheMegabytes: int(env.CACHE_MB, 64, 'CACHE_MB'),
    sitemapUrlsPerFile: Math.min(int(env.SITEMAP_URLS_PER_FILE, 50_000, 'SITEMAP_URLS_PER_FILE'), 50_000),
    fedapay: parseFedaPay(env),
    whatsapp: parseWhatsApp(env),
    files: parseFiles(env, dataDir),
  };
}

/** Every setting that cannot work, each said once (the doctor lists them all; a start stops on the first). */
export function configProblems(env: NodeJS.ProcessEnv): ConfigError[] {
  const attempts = [
    () => parseFedaPay(env),
    () => parseEmecef(env),
    () => parseWhatsApp(env),
    () => parseVapid(env),
    () => loadConfig(env),
  ];
  const problems: ConfigError[] = [];
  for (const attempt of attempts) {
    try {
      attempt();
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      if (!problems.some((p) => p.message === err.message)) problems.push(err);
    }
  }
  return problems;
}

/**
 * The push services of the browsers an owner uses (Chrome, Edge, Samsung Internet and Opera: Google's
 * FCM; Firefox: Mozilla's; Safari: Apple's; Edge on Windows: WNS), each with its subdomains.
 */
export const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);
const LOOPBACK = /^(127\.|::1$|\[::1\]$|localhost$)/;

/**
 * With TRUST_PROXY set, whoever reaches the app's port directly can write X-Forwarded-For and pass
 * for any address, and every per-address limit falls. So the listen address must be chosen
 * (fatal when left to its default), and a wildcard one gets a loud warning.
 */
export function proxyListenCheck(env: NodeJS.ProcessEnv): { fatal?: string; warning?: string } {
  // An unusable TRUST_PROXY is said by configProblems.
  const trusted = (() => {
    try {
      return parseTrustProxy(env.TRUST_PROXY);
    } catch {
      return false;
    }
  })();
  if (!trusted) return {};
  const host = env.HOST?.trim();
  if (host === undefined)
    return {
      fatal:
        'TRUST_PROXY est défini mais HOST ne l’est pas : la boutique écouterait sur toutes les interfaces, et quiconque joint ' +
        'son port directement pourrait se faire passer pour n’importe quelle adresse. Mettez HOST=127.0.0.1 si le proxy est sur ' +
        'cette machine, ou HOST=0.0.0.0 dans un conteneur dont le port n’est pas publié (voir docs/deployment.md, « Behind a proxy »).',
    };
  if (WILDCARDS.has(host))
    return {
      warning:
        `ATTENTION : TRUST_PROXY est défini et la boutique écoute sur ${host || 'toutes les interfaces'}. Le port ` +
        'de l’application ne doit être joignable que par le proxy (pare-feu, ou port de conteneur non publié) : sinon les ' +
        'limites par adresse ne protègent plus rien.',
    };
  return LOOPBACK.test(host) ? {} : { warning: `TRUST_PROXY est défini : vérifiez que seul le proxy joint ${host}:${env.PORT || 3000}.` };
}
