import { blogPosts, cryptoCourses, resources, services } from '@app/shared';
import type { AnyResource, ResourceName } from '@app/shared';
import { authRouter } from './auth.router';
import { booksRouter } from './books.router';
import { expensesHooks } from '../books/expenses';
import { crudRouters, type ExtraProcedures, type ResourceHooks, slugProcedures } from '../crud/crud-router';
import { router } from '../trpc';
import { accountRouter } from './account.router';
import { cashSessionsProcedures } from './cash-sessions.router';
import { contactMessagesProcedures } from './contact-messages.router';
import { courseSessionsHooks, courseSessionsProcedures } from './course-sessions.router';
import { customersProcedures } from './customers.router';
import { cryptoVerificationsProcedures } from './crypto-verifications.router';
import { dashboardRouter } from './dashboard.router';
import { devicesRouter } from './devices.router';
import { newsletterSubscribersProcedures } from './newsletter-subscribers.router';
import { newslettersProcedures } from './newsletters.router';
import { ordersProcedures } from './orders.router';
import { outboxProcedures } from './outbox.router';
import { paymentsRouter } from './payments.router';
import { productsHooks, productsProcedures } from './products.router';
import { purchaseOrdersProcedures } from './purchase-orders.router';
import { returnRequestsProcedures, returnsProcedures } from './returns.router';
import { stockCountsProcedures } from './stock-counts.router';
import { settingsProcedures } from './settings.router';
import { roundsRouter } from './rounds.router';
import { teamRouter } from './team.router';
import { whatsappRouter } from './whatsapp.router';

/** What some resources have besides their generic procedures (an entry here may replace one of them). */
const extraProcedures = {
  blogPosts: slugProcedures(blogPosts),
  cashSessions: cashSessionsProcedures,
  contactMessages: contactMessagesProcedures,
  courseSessions: courseSessionsProcedures,
  cryptoCourses: slugProcedures(cryptoCourses),
  customers: customersProcedures,
  cryptoVerifications: cryptoVerificationsProcedures,
  newsletterSubscribers: newsletterSubscribersProcedures,
  newsletters: newslettersProcedures,
  orders: ordersProcedures,
  products: productsProcedures,
  purchaseOrders: purchaseOrdersProcedures,
  returns: returnsProcedures,
  returnRequests: returnRequestsProcedures,
  stockCounts: stockCountsProcedures,
  services: slugProcedures(services),
  outbox: outboxProcedures,
  settings: settingsProcedures,
} satisfies ExtraProcedures<ResourceName>;

/** What the generic writes of some resources also do, in their transaction (each typed with its resource's row). */
const hooks: ResourceHooks<typeof resources> = {
  courseSessions: courseSessionsHooks,
  expenses: expensesHooks,
  products: productsHooks,
};

/**
 * The API of a registry: one entry per resource (keyed by its name), and the procedures that
 * belong to no resource. Tests build it with a throwaway resource added to the registry.
 */
export const buildAppRouter = <const Rs extends readonly AnyResource[]>(registry: Rs, more: NoInfer<ResourceHooks<Rs>> = {}) =>
  router({
    account: accountRouter,
    auth: authRouter,
    books: booksRouter,
    dashboard: dashboardRouter,
    devices: devicesRouter,
    payments: paymentsRouter,
    rounds: roundsRouter,
    team: teamRouter,
    whatsapp: whatsappRouter,
    ...crudRouters(registry, extraProcedures, { ...hooks, ...more } as ResourceHooks<Rs>),
  });

export const appRouter = buildAppRouter(resources);

export type AppRouter = typeof appRouter;
