import { cashMoveSchema, cashCloseSchema, cashOpenSchema, cashSessions } from '@app/shared';
import { closeDrawer, currentDrawer, moveCash, openDrawer } from '../counter/cash-drawer';
import { adminProcedure } from '../trpc';

/** The drawer is the admin's alone: nothing public changes. */
const drawerWrite = adminProcedure.meta({ invalidates: [], roles: cashSessions.team.write, audit: 'cashSessions' });

/** The cash drawer's day: open it, put cash in or take it out, close it (counter/cash-drawer.ts). */
export const cashSessionsProcedures = {
  /** The day open now with what it should hold, or null. */
  current: adminProcedure.meta({ roles: cashSessions.team.read }).query(({ ctx }) => currentDrawer(ctx.db)),
  open: drawerWrite
    .input(cashOpenSchema)
    .mutation(({ ctx, input }) => ctx.db.transaction().execute((tx) => openDrawer(tx, input.openingFloat, ctx.admin!.email))),
  move: drawerWrite
    .input(cashMoveSchema)
    .mutation(({ ctx, input }) => ctx.db.transaction().execute((tx) => moveCash(tx, input, ctx.admin!.email))),
  close: drawerWrite
    .input(cashCloseSchema)
    .mutation(({ ctx, input }) => ctx.db.transaction().execute((tx) => closeDrawer(tx, input, ctx.admin!.email))),
};
