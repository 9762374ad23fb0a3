import { AREAS, MANAGERS, orders } from '@app/shared';
import { z } from 'zod';
import { idInput } from '../crud/crud-router';
import { adminProcedure, router } from '../trpc';
import { conversations, orderMessages, reply, templates, thread, whatsappStatus } from '../whatsapp/conversations';

const phoneInput = z.object({ phone: z.string('Numéro attendu.').trim().min(6, 'Numéro attendu.').max(30, 'Numéro trop long.') });
const read = adminProcedure.meta({ roles: AREAS.whatsapp });

/** WhatsApp in the admin (server/src/whatsapp/conversations.ts). */
export const whatsappRouter = router({
  conversations: read
    .input(z.object({ search: z.string().max(100).optional(), limit: z.number().int().min(1).max(200).default(50) }))
    .query(({ ctx, input }) => conversations(ctx.db, input)),
  thread: read.input(phoneInput).query(({ ctx, input }) => thread(ctx.db, ctx.config, input.phone)),
  reply: adminProcedure
    .meta({ roles: AREAS.whatsapp, invalidates: [] })
    .input(
      phoneInput.extend({
        text: z
          .string('Message attendu.')
          .trim()
          .min(1, 'Écrivez votre réponse.')
          .max(4096, '4 096 caractères au maximum (limite de WhatsApp).'),
      }),
    )
    .mutation(({ ctx, input }) => reply(ctx.db, ctx.config, input, ctx.admin.email)),
  templates: adminProcedure.meta({ roles: MANAGERS }).query(({ ctx }) => templates(ctx.config)),
  /** For Paramètres: on or off, the webhook address, what is wrong. */
  status: adminProcedure.meta({ roles: MANAGERS }).query(({ ctx }) => whatsappStatus(ctx.db, ctx.config)),
  /** An order's WhatsApp messages and their statuses, for its timeline. */
  ofOrder: adminProcedure
    .meta({ roles: orders.team.read })
    .input(idInput)
    .query(({ ctx, input }) => orderMessages(ctx.db, input.id)),
});
