import type { Role } from '@app/shared/team';
import type { FastifyBaseLogger } from 'fastify';

// What a request carries, as every layer sees it (the procedure context is built from these in trpc.ts).

export interface SessionAdmin {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  sessionId: string;
}

/** Cookie access, so procedures work the same over HTTP and through a test caller. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: { maxAge: number }): void;
  clear(name: string): void;
}

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
