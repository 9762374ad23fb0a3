import { authRouter } from '../auth/auth.router';
import { router } from '../trpc';
import { blogPostsRouter } from './blog-posts.router';
import { contactMessagesRouter } from './contact-messages.router';
import { dashboardRouter } from './dashboard.router';
import { cryptoCoursesRouter } from './crypto-courses.router';
import { cryptoVerificationsRouter } from './crypto-verifications.router';
import { deliveryOptionsRouter } from './delivery-options.router';
import { newsletterSubscribersRouter } from './newsletter-subscribers.router';
import { ordersRouter } from './orders.router';
import { paymentsRouter } from './payments.router';
import { productsRouter } from './products.router';
import { servicesRouter } from './services.router';
import { settingsRouter } from './settings.router';
import { testimonialsRouter } from './testimonials.router';
import { trendingCryptosRouter } from './trending-cryptos.router';

/** Keys are the resource names (shared/src/resources). */
export const appRouter = router({
  auth: authRouter,
  products: productsRouter,
  services: servicesRouter,
  cryptoCourses: cryptoCoursesRouter,
  blogPosts: blogPostsRouter,
  trendingCryptos: trendingCryptosRouter,
  testimonials: testimonialsRouter,
  deliveryOptions: deliveryOptionsRouter,
  cryptoVerifications: cryptoVerificationsRouter,
  orders: ordersRouter,
  settings: settingsRouter,
  newsletterSubscribers: newsletterSubscribersRouter,
  contactMessages: contactMessagesRouter,
  dashboard: dashboardRouter,
  payments: paymentsRouter,
});

export type AppRouter = typeof appRouter;
