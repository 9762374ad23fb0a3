import type { RouterOutputs } from '../../lib/trpc';

export type Product = RouterOutputs['products']['list']['rows'][number];
