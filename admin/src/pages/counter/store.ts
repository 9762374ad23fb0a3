import type { CounterSaleInput } from '@app/shared/resources';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { RouterOutputs } from '../../providers/trpc';

export type Catalogue = RouterOutputs['orders']['counterCatalogue'] & { items: CounterItem[] };
export type CounterItem = NonNullable<RouterOutputs['orders']['counterCatalogue']['items']>[number];

/** A counter sale kept on the phone until the server has it (never lost, never counted twice: its key). */
export interface QueuedSale {
  key: string;
  input: CounterSaleInput;
  soldAt: string;
  total: number;
  change: number;
  /** refused: the server said no even to a sale already made (an article deleted since): the owner decides. */
  status: 'pending' | 'refused';
  error?: string;
}

interface CounterDb extends DBSchema {
  catalogue: { key: 'current'; value: Catalogue };
  sales: { key: string; value: QueuedSale; indexes: { soldAt: string } };
}

// The counter's own IndexedDB database on the phone: the articles to sell, and the sales not sent yet.
let opened: Promise<IDBPDatabase<CounterDb>> | null = null;
const db = () =>
  (opened ??= openDB<CounterDb>('comptoir', 1, {
    upgrade(database) {
      database.createObjectStore('catalogue');
      database.createObjectStore('sales', { keyPath: 'key' }).createIndex('soldAt', 'soldAt');
    },
  }));

export const keptCatalogue = async () => (await db()).get('catalogue', 'current');
export const keepCatalogue = async (catalogue: Catalogue) => (await db()).put('catalogue', catalogue, 'current');
export const forgetCounterCatalogue = async () => (await db()).delete('catalogue', 'current');

export const queuedSales = async () => (await db()).getAllFromIndex('sales', 'soldAt');
export const queueSale = async (sale: QueuedSale) => (await db()).put('sales', sale);
export const dropSale = async (key: string) => (await db()).delete('sales', key);
