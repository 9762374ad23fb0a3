import { ALERT_KINDS, ALERT_ROLES, AREAS, adminPath, orders } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { DB } from '../db/schema';
import { enqueuePush } from '../platform/outbox';
import { pushEndpointRefusal, vapidKeys } from '../platform/push-delivery';
import { adminProcedure, router } from '../trpc';

/** One's own devices, whatever one's role; their alerts are housekeeping, not the shop's records (no audit). */
const deviceProcedure = adminProcedure.meta({ roles: AREAS.account, audit: false });

// The owner's devices that receive alerts (Web Push): one per browser, each with its own choice of alerts.

const NOTHING_PUBLIC = { invalidates: [] } as const;
/** Devices one person keeps alerts on (phone, tablet, computers…). */
export const DEVICES_PER_ADMIN = 10;
const endpoint = z.url({ protocol: /^https?$/, error: 'Adresse d’abonnement invalide.' }).max(1000, 'Adresse d’abonnement trop longue.');
const base64url = (min: number, max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Clé d’abonnement invalide.')
    .min(min)
    .max(max);
const kinds = z.array(z.enum(ALERT_KINDS, 'Type d’alerte inconnu.')).max(ALERT_KINDS.length);

/** The signed-in admin's device with this subscription address. */
const ownDevice = (ctx: { db: DB; admin: { id: string } }, address: string) =>
  ctx.db.selectFrom('pushSubscriptions').where('endpoint', '=', address).where('adminId', '=', ctx.admin.id);

export const devicesRouter = router({
  /** The server's public VAPID key, for PushManager.subscribe. */
  vapidKey: deviceProcedure.query(async ({ ctx }) => ({ publicKey: (await vapidKeys(ctx.db, ctx.config)).publicKey })),

  /** This device, as the server knows it (by its subscription's address), or null. */
  mine: deviceProcedure.input(z.object({ endpoint })).query(async ({ ctx, input }) => {
    const row = await ctx.db
      .selectFrom('pushSubscriptions')
      .select(['device', 'kinds'])
      .where('endpoint', '=', input.endpoint)
      .where('adminId', '=', ctx.admin.id)
      .executeTakeFirst();
    return row ?? null;
  }),

  /**
   * Saves this device's subscription and its choice of alerts; sent again at every visit, so the
   * device belongs to the session that last saw it (signing out there removes it).
   */
  save: deviceProcedure
    .meta(NOTHING_PUBLIC)
    .input(
      z.object({
        endpoint,
        keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
        device: z.string().trim().min(1, 'Nommez cet appareil.').max(100, 'Nom d’appareil trop long (100 caractères au maximum).'),
        kinds,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const refused = pushEndpointRefusal(input.endpoint, ctx.config);
      if (refused) throw new TRPCError({ code: 'BAD_REQUEST', message: refused });
      const values = {
        adminId: ctx.admin.id,
        sessionId: ctx.admin.sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device: input.device,
        // Only what this person's role may read (a courier's phone: his deliveries).
        kinds: JSON.stringify(input.kinds.filter((kind) => ALERT_ROLES[kind].includes(ctx.admin.role))),
      };
      await ctx.db
        .insertInto('pushSubscriptions')
        .values(values)
        .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
        .execute();
      // A few devices per person: past that, the ones registered first (a phone replaced since) go.
      await ctx.db
        .deleteFrom('pushSubscriptions')
        .where('adminId', '=', ctx.admin.id)
        .where(
          'id',
          'not in',
          ctx.db
            .selectFrom('pushSubscriptions')
            .select('id')
            .where('adminId', '=', ctx.admin.id)
            .orderBy('createdAt', 'desc')
            .orderBy('id')
            .limit(DEVICES_PER_ADMIN),
        )
        .execute();
      return { kinds: input.kinds };
    }),

  /** This device stops receiving alerts. */
  remove: deviceProcedure
    .meta(NOTHING_PUBLIC)
    .input(z.object({ endpoint }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.deleteFrom('pushSubscriptions').where('endpoint', '=', input.endpoint).where('adminId', '=', ctx.admin.id).execute();
      return { ok: true };
    }),

  /** "Envoyer une alerte d’essai": through the outbox, as every alert. */
  test: deviceProcedure
    .meta(NOTHING_PUBLIC)
    .input(z.object({ endpoint }))
    .mutation(async ({ ctx, input }) => {
      const row = await ownDevice(ctx, input.endpoint).select(['id', 'device']).executeTakeFirst();
      if (!row) return { sent: false };
      await enqueuePush(ctx.db, {
        subscriptionId: row.id,
        device: row.device,
        title: 'Alerte d’essai',
        body: `Les alertes arrivent sur « ${row.device} ». Touchez pour ouvrir les commandes.`,
        path: adminPath(orders),
        tag: `essai-${Date.now()}`,
      });
      return { sent: true };
    }),
});
