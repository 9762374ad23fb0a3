import type { orderEventKinds, onlinePaymentStatuses } from '@app/shared';
import type { ColumnType, Generated, Kysely } from 'kysely';

type Timestamp = ColumnType<string, string | undefined, string>;

export interface AdminsTable {
  id: Generated<string>;
  email: string;
  passwordHash: string;
  displayName: Generated<string>;
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
}

/**
 * Tables with hand-written code. Resource tables are reached through the
 * generic repository, which works on Kysely<any> keyed by resource name.
 */
export interface Database {
  admins: AdminsTable;
  sessions: SessionsTable;
  passwordResetTokens: PasswordResetTokensTable;
  loginFailures: LoginFailuresTable;
  rateLimits: RateLimitsTable;
  orderEvents: OrderEventsTable;
  onlinePayments: OnlinePaymentsTable;
  slugHistory: SlugHistoryTable;
  media: MediaTable;
  mediaVariants: MediaVariantsTable;
}

export type DB = Kysely<Database>;

export interface PasswordResetTokensTable {
  id: Generated<string>;
  adminId: string;
  tokenHash: string;
  createdAt: Timestamp;
  expiresAt: string;
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
  status: ColumnType<keyof typeof onlinePaymentStatuses, (keyof typeof onlinePaymentStatuses) | undefined, keyof typeof onlinePaymentStatuses>;
  paymentUrl: string | null;
  detail: string | null;
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
  bytes: Uint8Array;
}
