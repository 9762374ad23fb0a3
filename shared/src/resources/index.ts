import { auditLog } from './audit-log.resource';
import { blogPosts } from './blog-posts.resource';
import { cashSessions } from './cash-sessions.resource';
import { contactMessages } from './contact-messages.resource';
import { courseSessions } from './course-sessions.resource';
import { cryptoCourses } from './crypto-courses.resource';
import { cryptoVerifications } from './crypto-verifications.resource';
import { customers } from './customers.resource';
import { deliveryOptions } from './delivery-options.resource';
import { newsletterSubscribers } from './newsletter-subscribers.resource';
import { newsletters } from './newsletters.resource';
import { orders } from './orders.resource';
import { outbox } from './outbox.resource';
import { products } from './products.resource';
import { promoCodes } from './promo-codes.resource';
import { purchaseOrders } from './purchase-orders.resource';
import { returnRequests } from './return-requests.resource';
import { returns } from './returns.resource';
import { services } from './services.resource';
import { settings } from './settings.resource';
import { stockCounts } from './stock-counts.resource';
import { stockMovements } from './stock-movements.resource';
import { suppliers } from './suppliers.resource';
import { expenses } from './expenses.resource';
import { testimonials } from './testimonials.resource';
import { trendingCryptos } from './trending-cryptos.resource';

export * from './define-resource';
export * from './exports';
export * from './export-access';
export * from './fields';
export * from './honeypot';
export * from './invoicing';
export * from './labels';
export * from './audit-log.resource';
export * from './blog-posts.resource';
export * from './cash-sessions.resource';
export * from './contact-messages.resource';
export * from './course-sessions.resource';
export * from './crypto-courses.resource';
export * from './crypto-verifications.resource';
export * from './customers.resource';
export * from './delivery-options.resource';
export * from './newsletter-subscribers.resource';
export * from './newsletters.resource';
export * from './orders.resource';
export * from './outbox.resource';
export * from './products.resource';
export * from './promo-codes.resource';
export * from './purchase-orders.resource';
export * from './return-requests.resource';
export * from './returns.resource';
export * from './services.resource';
export * from './settings.resource';
export * from './stock-counts.resource';
export * from './stock-movements.resource';
export * from './suppliers.resource';
export * from './expenses.resource';
export * from './testimonials.resource';
export * from './trending-cryptos.resource';

/**
 * The registry, in admin menu order (the owner's daily screens first). A resource listed here has
 * its table type, its API (server/src/routers/_app.ts), its admin screens and menu entry, and its
 * contract tests. Its place here is free: seeding and tests follow the references (`dependencyOrder`).
 */
export const resources = [
  orders,
  customers,
  cashSessions,
  expenses,
  returns,
  returnRequests,
  products,
  stockMovements,
  purchaseOrders,
  stockCounts,
  suppliers,
  blogPosts,
  trendingCryptos,
  cryptoVerifications,
  deliveryOptions,
  services,
  testimonials,
  cryptoCourses,
  courseSessions,
  promoCodes,
  newsletterSubscribers,
  newsletters,
  contactMessages,
  outbox,
  settings,
  auditLog,
] as const;

/** A registered resource's name: what the public cache tags its answers with ('*': everything). */
export type ResourceName = (typeof resources)[number]['name'];
export * from './books';
