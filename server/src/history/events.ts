import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The order's history: every change, by whom, written in the transaction of the change.

type Event = {
  actor: string;
  kind: Database['orderEvents']['kind'];
  fromValue?: string | null;
  toValue?: string | null;
  note?: string | null;
};

export const recordEvent = (tx: Kysely<Database>, orderId: string, event: Event) =>
  tx
    .insertInto('orderEvents')
    .values({
      orderId,
      actor: event.actor,
      kind: event.kind,
      fromValue: event.fromValue ?? null,
      toValue: event.toValue ?? null,
      note: event.note ?? null,
    })
    .execute();
