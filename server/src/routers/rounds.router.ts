import { AREAS, assignSchema, orders, collectSchema, handoverSchema, MANAGERS, roundQuerySchema } from '@app/shared';
import { idInput } from '../crud/crud-router';
import { assignCourier, markCollected, markDelivered, OTHER_COURIER, recentHandovers, recordHandover, todaysRound } from '../team/rounds';
import { adminProcedure, type OwnRule, router } from '../trpc';

/** A courier's own deliveries only: the order he is given (the managers may act on any). */
const hisDelivery: OwnRule = { roles: ['courier'], table: 'deliveries', key: 'orderId', owner: 'courierId', message: OTHER_COURIER };
/** A round changes orders and stock nothing public shows (a delivered order's stock left at ordering). */
const roundWrite = adminProcedure.meta({ invalidates: [], roles: AREAS.round, audit: 'orders', own: hisDelivery });
const managerWrite = adminProcedure.meta({ invalidates: [], roles: MANAGERS });

/** The courier's round (server/src/team/rounds.ts). */
export const roundsRouter = router({
  /** Today's stops: a courier's own; a manager's choice of courier, or everyone's. */
  today: adminProcedure
    .meta({ roles: AREAS.round })
    .input(roundQuerySchema)
    .query(({ ctx, input }) => todaysRound(ctx.db, ctx.admin, input.courierId)),
  /** An order's courier and what he did, for its screen. */
  ofOrder: adminProcedure
    .meta({ roles: orders.team.read })
    .input(idInput)
    .query(async ({ ctx, input }) => {
      const row = await ctx.db
        .selectFrom('deliveries')
        .leftJoin('admins', 'admins.id', 'deliveries.courierId')
        .select([
          'deliveries.courierId',
          'admins.displayName as courierName',
          'deliveredAt',
          'collectedAt',
          'collectedAmount',
          'collectedMethod',
          'collectedReference',
        ])
        .where('orderId', '=', input.id)
        .executeTakeFirst();
      return row ?? null;
    }),
  assign: managerWrite
    .meta({ audit: 'orders' })
    .input(assignSchema)
    .mutation(({ ctx, input }) => assignCourier(ctx.db, ctx.config, input.id, input.courierId, ctx.admin.email)),
  deliver: roundWrite.input(idInput).mutation(({ ctx, input }) => markDelivered(ctx.db, ctx.config, ctx.admin, input.id)),
  collect: roundWrite.input(collectSchema).mutation(({ ctx, input }) => markCollected(ctx.db, ctx.config, ctx.admin, input)),
  /** The latest handovers, for the managers' round screen. */
  handovers: adminProcedure
    .meta({ roles: MANAGERS })
    .input(roundQuerySchema)
    .query(({ ctx, input }) => recentHandovers(ctx.db, input.courierId)),
  /** The end of the day: the cash a courier hands over, against what he collected. */
  handover: managerWrite.input(handoverSchema).mutation(({ ctx, input }) => recordHandover(ctx.db, input, ctx.admin.email)),
});
