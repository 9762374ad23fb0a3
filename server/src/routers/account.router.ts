import type { NewCartItem } from '@app/shared/cart';
import { honeypot, isEmail, orders } from '@app/shared';
import { askErasure, correctData, setConsents } from '../customers/privacy';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { customerCookieName, customerOf, mySpace, requestCode, SESSION_DAYS, signIn, signOut } from '../customers/space';
import { publicForm, publicProcedure, router, type Context } from '../trpc';

const contact = z.string().trim().min(3, 'Indiquez votre téléphone ou votre adresse e-mail.').max(320, 'Trop long.');
/** The customer this request's cookie signs in, or a French 401. */
async function signedIn(ctx: Context) {
  const who = await customerOf(ctx.db, ctx.cookies.get(customerCookieName(ctx.config)));
  // 403, not 401: a 401 is the team's (an admin session), which the shop's screens and tests tell apart.
  if (!who) throw new TRPCError({ code: 'FORBIDDEN', message: 'Connectez-vous à Mon espace avec le code reçu.' });
  return who;
}
/** Never cached nor batched with public reads: one customer's own data. */
const personal = publicProcedure.meta({ private: true });
/** A write of the customer's own: nothing the public cache holds changes. */
const own = publicProcedure.meta({ invalidates: [] });

/**
 * « Mon espace » (customers/space.ts): a code asked and typed, the session's cookie, the space
 * itself, and the cart of an earlier order filled again. Each address may ask 10 codes and try 30
 * sign-ins per 10 minutes besides the limits per phone and per code.
 */
export const accountRouter = router({
  requestCode: publicForm(10)
    .input(z.strictObject({ contact, ...honeypot }))
    .mutation(({ ctx, input }) => requestCode(ctx.db, ctx.config, input.contact, ctx.ip)),
  signIn: own
    .meta({ rateLimit: { limit: 30, windowSeconds: 10 * 60 } })
    .input(z.strictObject({ contact, code: z.string().trim().max(20) }))
    .mutation(async ({ ctx, input }) => {
      const { token, phone } = await signIn(ctx.db, input.contact, input.code, { ip: ctx.ip, userAgent: ctx.device });
      ctx.cookies.set(customerCookieName(ctx.config), token, { maxAge: SESSION_DAYS * 86_400 });
      return mySpace(ctx.db, phone);
    }),
  /** The space, or null when this browser is not signed in (the page then asks for the code). */
  me: personal.query(async ({ ctx }) => {
    const who = await customerOf(ctx.db, ctx.cookies.get(customerCookieName(ctx.config)));
    return who ? mySpace(ctx.db, who.phone) : null;
  }),
  signOut: own.input(z.strictObject({ everywhere: z.boolean().default(false) })).mutation(async ({ ctx, input }) => {
    const who = await customerOf(ctx.db, ctx.cookies.get(customerCookieName(ctx.config)));
    if (who) await signOut(ctx.db, who, input.everywhere);
    ctx.cookies.clear(customerCookieName(ctx.config));
    return { ok: true };
  }),
  /** The customer corrects the name and e-mail of their orders. */
  correct: own
    .input(z.strictObject({ name: orders.fields.customerName.schema, email: z.string().trim().max(254).optional() }))
    .mutation(async ({ ctx, input }) => {
      const who = await signedIn(ctx);
      const email = input.email ? input.email : null;
      if (email && !isEmail(email)) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Adresse e-mail invalide.' });
      await correctData(ctx.db, who.phone, { name: input.name, email }, { ip: ctx.ip, userAgent: ctx.device });
      return mySpace(ctx.db, who.phone);
    }),
  /** The customer's switches: offers on WhatsApp, and the newsletter by e-mail (confirmed from the mail it sends). */
  consents: own
    .input(z.strictObject({ offers: z.boolean().optional(), newsletter: z.boolean().optional() }))
    .mutation(async ({ ctx, input }) => {
      const who = await signedIn(ctx);
      const message = await setConsents(ctx.db, ctx.config, who.phone, input);
      return { message, space: await mySpace(ctx.db, who.phone) };
    }),
  /** The customer asks to be erased: now, or once their orders on their way have arrived. */
  erase: own.mutation(async ({ ctx }) => {
    const who = await signedIn(ctx);
    const answer = await askErasure(ctx.db, who.phone, { ip: ctx.ip, userAgent: ctx.device });
    if (answer.done) ctx.cookies.clear(customerCookieName(ctx.config));
    return answer;
  }),
  /** « Commander à nouveau »: an earlier order's articles as they sell today, and those that no longer do. */
  reorder: personal.input(z.strictObject({ number: z.string().max(30) })).query(async ({ ctx, input }) => {
    const who = await signedIn(ctx);
    const order = await ctx.db
      .selectFrom('orders')
      .select('items')
      .where('number', '=', input.number)
      .where('phone', '=', who.phone)
      .executeTakeFirst();
    if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: 'Commande introuvable dans votre espace.' });
    const lines = order.items as { id: string; type: NewCartItem['type']; name: string; quantity: number }[];
    const ids = (type: string) => lines.filter((l) => l.type === type).map((l) => l.id);
    const [products, services] = await Promise.all([
      ids('product').length
        ? ctx.db
            .selectFrom('products')
            .select(['id', 'name', 'price', 'images', 'stock'])
            .where('id', 'in', ids('product'))
            .where('published', '=', true)
            .where('archivedAt', 'is', null)
            .where('options', 'is', null)
            .execute()
        : [],
      ids('service').length
        ? ctx.db
            .selectFrom('services')
            .select(['id', 'name', 'price', 'image'])
            .where('id', 'in', ids('service'))
            .where('published', '=', true)
            .where('price', 'is not', null)
            .execute()
        : [],
    ]);
    const items: NewCartItem[] = [];
    const gone: string[] = [];
    for (const line of lines) {
      const product = line.type === 'product' ? products.find((p) => p.id === line.id) : undefined;
      const service = line.type === 'service' ? services.find((s) => s.id === line.id) : undefined;
      if (product && product.stock !== 0)
        items.push({
          id: product.id,
          type: 'product',
          name: product.name,
          price: Number(product.price),
          image: product.images[0] ?? null,
          stock: product.stock,
          quantity: product.stock === null ? line.quantity : Math.min(line.quantity, product.stock),
        });
      else if (service)
        items.push({
          id: service.id,
          type: 'service',
          name: service.name,
          price: Number(service.price),
          image: service.image,
          quantity: line.quantity,
        });
      else gone.push(line.name);
    }
    return { items, gone };
  }),
});
