import type {
  AlertKind,
  AnyField,
  Role,
  invoiceStatuses,
  invoiceTypes,
  orderEventKinds,
  onlinePaymentStatuses,
  resources,
  StoredWhatsAppStatus,
} from '@app/shared';
import type { ColumnType, Generated, Kysely, RawBuilder } from 'kysely';
import type { z } from 'zod';

type Timestamp = ColumnType<string, string | RawBuilder<unknown> | undefined, string | RawBuilder<unknown>>;

/** A column's value as read: what the field's schema outputs, NULL where the field may be empty. */
type ValueOf<F extends AnyField> = Exclude<z.output<F['schema']>, undefined> | (F['optional'] extends true ? null : never);
/** Fields with a default or that may be empty can be left out of an INSERT. */
type ColumnOf<F extends AnyField> =
  undefined extends z.input<F['schema']> ? ColumnType<ValueOf<F>, ValueOf<F> | undefined, ValueOf<F>> : ValueOf<F>;

/** The table of one resource, from its declaration: the server-set columns and one column per field. */
export type TableOf<R extends { fields: Record<string, AnyField> }> = {
  id: Generated<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
} & { [K in keyof R['fields']]: ColumnOf<R['fields'][K]> };

/** Every resource table, keyed by the resource name (CamelCasePlugin maps it to the snake_case table). */
export type ResourceTables = { [R in (typeof resources)[number] as R['name']]: TableOf<R> };

export interface AdminsTable {
  id: Generated<string>;
  email: string;
  passwordHash: string;
  displayName: Generated<string>;
  role: Role;
  phone: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  tokenHash: string;
  adminId: string;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: string;
  /** The browser it was opened from, and its address: what "Sessions ouvertes" shows. */
  userAgent: string | null;
  ip: string | null;
}

/** A person's passkey (server/src/auth/passkeys.ts): the credential's id, its public key, its signature counter. */
export interface PasskeysTable {
  id: string;
  adminId: string;
  publicKey: Uint8Array;
  counter: ColumnType<string, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  createdAt: Timestamp;
  lastUsedAt: string | null;
}

/** A WebAuthn challenge given out, good once for a few minutes. */
export interface WebauthnChallengesTable {
  challenge: string;
  kind: 'register' | 'sign-in';
  adminId: string | null;
  expiresAt: ColumnType<string, string | RawBuilder<unknown>, string>;
}

/** An order given to a courier, and what he did with it (server/src/team/rounds.ts). */
export interface DeliveriesTable {
  orderId: string;
  courierId: string | null;
  assignedBy: string;
  assignedAt: Timestamp;
  deliveredAt: string | null;
  collectedAt: string | null;
  collectedAmount: string | null;
  collectedMethod: 'cash' | 'mobile_money' | null;
  collectedReference: string | null;
  handoverId: string | null;
}

/** Cash a courier brought back, counted against what he collected. */
export interface CourierHandoversTable {
  id: Generated<string>;
  courierId: string | null;
  courierName: string;
  expected: string;
  received: string;
  difference: string;
  receivedBy: string;
  note: string | null;
  createdAt: Timestamp;
}

/** A person asked to join the team (server/src/team/invitations.ts): one use, 48 hours. */
export interface InvitationsTable {
  id: Generated<string>;
  tokenHash: string;
  email: string;
  displayName: string;
  phone: string | null;
  role: Role;
  invitedBy: string;
  expiresAt: string;
  usedAt: string | null;
  revokedAt: string | null;
  createdAt: Timestamp;
}

type Moment = ColumnType<string | null, string | RawBuilder<unknown> | null | undefined, string | RawBuilder<unknown> | null>;

/** A phone the shop talks with on WhatsApp (server/src/whatsapp): one conversation each. */
export interface WhatsappContactsTable {
  phone: string;
  name: Generated<string>;
  lastInboundAt: Moment;
  lastMessageAt: Timestamp;
  lastText: Generated<string>;
  unread: Generated<number>;
  stoppedAt: Moment;
  prefersEmail: Generated<boolean>;
  createdAt: Timestamp;
}

/** A WhatsApp message in or out, with the status Meta last reported. */
export interface WhatsappMessagesTable {
  id: Generated<string>;
  phone: string;
  direction: 'in' | 'out';
  wamid: string | null;
  outboxId: string | null;
  orderId: string | null;
  template: string | null;
  body: string;
  status: StoredWhatsAppStatus;
  error: string | null;
  author: string | null;
  createdAt: Timestamp;
  statusAt: Timestamp;
}

/** A file a customer sent on WhatsApp, kept with its message (server/src/whatsapp/media.ts). */
export interface WhatsappMediaTable {
  messageId: string;
  kind: 'image' | 'audio' | 'document';
  contentType: string;
  filename: string | null;
  width: number | null;
  height: number | null;
  /** In the database until the "files-move" job (files/holders.ts) moves it to the file store; then null. */
  bytes: Buffer | null;
  preview: Buffer | null;
  /** The file in the file store (files/store.ts): the SHA-256 of its bytes. */
  fileKey: string | null;
  previewKey: string | null;
  /** The file's and its preview's bytes, as the day's caps count them. */
  size: Generated<number>;
  createdAt: Timestamp;
}

/** Each webhook body Meta posted, once (its SHA-256). */
export interface WhatsappWebhooksTable {
  digest: string;
  body: unknown;
  receivedAt: Timestamp;
}

/**
 * The resource tables, typed from their declarations (a migration that drifts from one fails
 * tests/api/schema-drift.test.ts), and the tables with hand-written code.
 */
export interface Database extends ResourceTables {
  admins: AdminsTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  passkeys: PasskeysTable;
  webauthnChallenges: WebauthnChallengesTable;
  deliveries: DeliveriesTable;
  courierHandovers: CourierHandoversTable;
  passwordResetTokens: PasswordResetTokensTable;
  loginFailures: LoginFailuresTable;
  serverSecrets: ServerSecretsTable;
  rateLimits: RateLimitsTable;
  orderEvents: OrderEventsTable;
  onlinePayments: OnlinePaymentsTable;
  slugHistory: SlugHistoryTable;
  media: MediaTable;
  mediaVariants: MediaVariantsTable;
  returnPhotos: ReturnPhotosTable;
  customerCodes: CustomerCodesTable;
  customerSessions: CustomerSessionsTable;
  loyaltyPointsLedger: LoyaltyPointsLedgerTable;
  pushSubscriptions: PushSubscriptionsTable;
  backups: BackupsTable;
  invoices: InvoicesTable;
  storeCredits: StoreCreditsTable;
  salesFacts: SalesFactsTable;
  salesMonths: Omit<SalesFactsTable, 'day'> & { month: string };
  renderedDocuments: RenderedDocumentsTable;
  schedules: SchedulesTable;
  newsletterSendings: NewsletterSendingsTable;
  whatsappContacts: WhatsappContactsTable;
  whatsappMessages: WhatsappMessagesTable;
  whatsappMedia: WhatsappMediaTable;
  whatsappWebhooks: WhatsappWebhooksTable;
}

export type DB = Kysely<Database>;

/** A customer's credit (« avoir »), by phone: + what a return gave, − what a purchase spent (orders/returns.ts). */
export interface StoreCreditsTable {
  id: Generated<string>;
  /** Whose: the customer's phone, or (a customer without one) the return's number, as a voucher. */
  phone: string | null;
  voucher: string | null;
  amount: ColumnType<string, number | string, number | string>;
  returnId: string | null;
  orderId: string | null;
  actor: string;
  createdAt: Timestamp;
}

/** A normalized invoice (e-MECeF): server/src/invoicing. */
export interface InvoicesTable {
  id: Generated<string>;
  orderId: string;
  /** A credit note of one return's lines (orders/returns.ts); null: the order's own invoice or credit note. */
  returnId: ColumnType<string | null, string | null | undefined, string | null>;
  type: keyof typeof invoiceTypes;
  status: ColumnType<keyof typeof invoiceStatuses, keyof typeof invoiceStatuses | undefined, keyof typeof invoiceStatuses>;
  uid: string | null;
  request: unknown;
  totals: unknown;
  confirmSentAt: ColumnType<string | null, string | RawBuilder<unknown> | null | undefined, string | RawBuilder<unknown> | null>;
  codeMecef: string | null;
  qrCode: string | null;
  nim: string | null;
  counters: string | null;
  issuedAt: string | null;
  lastError: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  adminId: string;
  tokenHash: string;
  createdAt: Timestamp;
  expiresAt: string;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  adminId: string;
  sessionId: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  kinds: ColumnType<AlertKind[], string, string>;
  createdAt: Timestamp;
  lastSentAt: ColumnType<string | null, never, string | RawBuilder<unknown>>;
}

/** The sales summed by Benin day and fact, written only by a trigger on orders (migrations/202611290101_order_summaries.ts). */
export interface SalesFactsTable {
  day: string;
  fact: string;
  label: string;
  orders: number;
  sales: number;
  quantity: number;
  revenue: ColumnType<string, never, never>;
  /** What the costed part of the sales cost the shop (lines whose product had a cost when sold). */
  cost: ColumnType<string, never, never>;
  /** The revenue of those lines: the margin is costed less cost. */
  costed: ColumnType<string, never, never>;
}

/** One run of the backup job: a checked file, or the error that stopped it. */
export interface BackupsTable {
  id: Generated<string>;
  file: string | null;
  bytes: ColumnType<string | null, number | null, never>;
  /** The key of its encrypted copy on the offsite storage (db/offsite.ts), when one was sent. */
  offsite: ColumnType<string | null, string | null | undefined, never>;
  error: string | null;
  createdAt: Timestamp;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  createdAt: Timestamp;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  lastFailureAt: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  windowStart: Timestamp;
}

export interface OrderEventsTable {
  id: Generated<string>;
  orderId: string;
  createdAt: Timestamp;
  /** The admin's e-mail, 'client' or 'système'. */
  actor: string;
  kind: keyof typeof orderEventKinds;
  fromValue: string | null;
  toValue: string | null;
  note: string | null;
}

export interface OnlinePaymentsTable {
  id: Generated<string>;
  orderId: string;
  provider: 'fedapay';
  providerId: string | null;
  reference: string | null;
  /** numeric(12,2): pg returns it as a string. */
  amount: ColumnType<string, number, number>;
  currency: Generated<string>;
  providerCurrency: string | null;
  status: ColumnType<
    keyof typeof onlinePaymentStatuses,
    keyof typeof onlinePaymentStatuses | undefined,
    keyof typeof onlinePaymentStatuses
  >;
  paymentUrl: string | null;
  detail: string | null;
  /** What FedaPay kept of the payment, as it said once it was approved (books/mobile-money.ts). */
  fees: ColumnType<string | null, number | null | undefined, number | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  checkedAt: string | null;
}

export interface SlugHistoryTable {
  /** The resource name (blogPosts, products...). */
  resource: string;
  oldSlug: string;
  recordId: string;
  createdAt: Timestamp;
}

export interface MediaTable {
  /** The first 32 hex digits of the original file's SHA-256. */
  id: string;
  width: number;
  height: number;
  createdAt: Timestamp;
}

export interface MediaVariantsTable {
  mediaId: string;
  /** "640.webp", "1200.jpg" */
  name: string;
  contentType: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
  /** Photos uploaded before the file store, until moved; then null (`fileKey` names the file). */
  bytes: Uint8Array | null;
  fileKey: string | null;
}

/** A one-time code to sign in to « Mon espace » (customers/space.ts); `phone` null: nobody's, never sent. */
export interface CustomerCodesTable {
  id: Generated<string>;
  destination: string;
  phone: string | null;
  channel: 'whatsapp' | 'email' | null;
  codeHash: string;
  attempts: Generated<number>;
  ip: string | null;
  expiresAt: string | RawBuilder<unknown>;
  usedAt: string | null;
  createdAt: Timestamp;
}

/** Every loyalty point given or taken, by the customer's phone (customers/loyalty.ts). */
export interface LoyaltyPointsLedgerTable {
  id: Generated<string>;
  phone: string;
  points: number;
  kind: 'earn' | 'spend' | 'return' | 'adjust';
  orderId: string | null;
  returnId: string | null;
  actor: string;
  createdAt: Timestamp;
}

/** A customer signed in to « Mon espace »: the cookie's token, hashed, for the phone it proved. */
export interface CustomerSessionsTable {
  id: Generated<string>;
  tokenHash: string;
  phone: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: string | RawBuilder<unknown>;
  revokedAt: string | null;
}

/** A customer's photo of an article to return (orders/return-requests.ts), re-encoded small; read by the team only. */
export interface ReturnPhotosTable {
  id: Generated<string>;
  bytes: Uint8Array | null;
  fileKey: string | null;
  width: number;
  height: number;
  createdAt: Timestamp;
}

/** A customer's PDF as last rendered (orders/documents.ts): one row per order and document. */
export interface RenderedDocumentsTable {
  orderId: string;
  /** FV: the receipt, or the normalized invoice once issued; FA: the credit note; TK: the counter's ticket. */
  kind: 'FV' | 'FA' | 'TK';
  /** A hash of everything the document shows: another version is rendered anew. */
  version: string;
  pdf: Uint8Array | null;
  fileKey: string | null;
  createdAt: Timestamp;
}

/**
 * A letter being queued a batch at a time, and what became of its mails once their outbox rows are
 * purged (server/src/newsletter/letters.ts).
 */
export interface NewsletterSendingsTable {
  newsletterId: string;
  /** The last subscriber queued, by id: the next batch starts after it. */
  through: string | null;
  queued: Generated<number>;
  queuedAt: string | null;
  sent: Generated<number>;
  failed: Generated<number>;
}

/** When each timed job is next due (server/src/platform/scheduler.ts). */
export interface SchedulesTable {
  name: string;
  nextRunAt: Timestamp;
  lastRunAt: Timestamp | null;
  lastError: string | null;
}
