import { invoicingStatus } from '../invoicing/invoices';
import { adminProcedure } from '../trpc';

export const settingsProcedures = {
  /** The DGI's e-MCF service for this shop (Paramètres): its NIM, and until when the token is valid. */
  invoicing: adminProcedure.query(({ ctx }) => invoicingStatus(ctx.db, ctx.config)),
};
