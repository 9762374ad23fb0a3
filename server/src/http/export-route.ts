import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  auditLog,
  dayRangeSchema,
  journalQuerySchema,
  resultQuerySchema,
  EXPORT_ACCESS,
  EXPORTS,
  forbiddenMessage,
  isUuid,
  newsletterSubscribers,
  products,
  salesQuerySchema,
} from '@app/shared';
import { salesCsv, salesReport } from '../sales/figures';
import { salesJournal } from '../books/journal';
import { journalCsv, journalWorkbook } from '../books/exports';
import { vatSummary } from '../books/vat';
import { renderResult } from '../books/result';
import { findSession, sessionCookieName } from '../auth/sessions';
import { listQueries } from '../crud/repository';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import {
  auditCsv,
  consentingCustomers,
  countOrdersBetween,
  customersCsv,
  ordersCsv,
  participantsCsv,
  subscribersCsv,
} from '../exports/csv';
import { sessionParticipants } from '../sessions/reminders';
import { renderDrawerReport } from '../counter/cash-drawer';
import { renderPurchaseOrder } from '../inventory/purchases';
import { type LabelledItem, MAX_LABELS, renderLabels } from '../labels/barcode-labels';

/**
 * GET /api/exports/orders.csv?from=AAAA-MM-JJ&to=AAAA-MM-JJ: the owner's orders of those days as a
 * file for French Excel, streamed a page of orders at a time (a year of a big shop is hundreds of
 * thousands of lines, which the API's JSON answers would hold whole in memory, twice). The number
 * of orders comes first, in X-Count, for the admin's "N commande(s) exportée(s)".
 */
export async function exportRoutes(
  app: FastifyInstance,
  { db, config, fontDir }: { db: Kysely<Database>; config: Config; fontDir: string },
) {
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send({ error: { message, code: status } });
  /** Signed in with a role the file's declaration names (EXPORT_ACCESS): true; otherwise the refusal is sent (401, or 403 in French). */
  const allowed = async (req: FastifyRequest, reply: FastifyReply, file: keyof typeof EXPORTS) => {
    const { roles, what } = EXPORT_ACCESS[file];
    const admin = await findSession(db, config, req.cookies[sessionCookieName(config)]);
    if (admin && roles.includes(admin.role)) return true;
    await (admin ? refuse(reply, 403, forbiddenMessage(admin.role)) : refuse(reply, 401, `Veuillez vous connecter pour ${what}.`));
    return false;
  };
  const file = (reply: FastifyReply, name: string, lines: AsyncGenerator<string>) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(lines));

  app.get(EXPORTS.orders, async (req, reply) => {
    if (!(await allowed(req, reply, 'orders'))) return reply;
    const range = dayRangeSchema.safeParse(req.query);
    if (!range.success) return refuse(reply, 400, range.error.issues[0]!.message);
    const { from, to } = range.data;
    const count = await countOrdersBetween(db, from, to);
    return file(reply.header('X-Count', String(count)), `commandes-${from}-${to}.csv`, ordersCsv(db, from, to));
  });

  // The journal of a period (books/journal.ts), for the accountant: CSV, or Excel with the
  // VAT figures when the period is one whole month.
  for (const kind of ['journal', 'journalExcel'] as const)
    app.get(EXPORTS[kind], async (req, reply) => {
      if (!(await allowed(req, reply, kind))) return reply;
      const query = journalQuerySchema.safeParse(req.query);
      if (!query.success) return refuse(reply, 400, query.error.issues[0]!.message);
      const journal = await salesJournal(db, query.data);
      const name = `journal-comptable-${query.data.from}-${query.data.to}${journal.openCashDays.length ? '-provisoire' : ''}`;
      reply.header('Cache-Control', 'no-store').header('X-Count', String(journal.entries.length));
      if (kind === 'journal')
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${name}.csv"`)
          .send(journalCsv(journal));
      const { from, to } = query.data;
      const wholeMonth =
        from.endsWith('-01') && from.slice(0, 7) === to.slice(0, 7) && new Date(Date.parse(to) + 86_400_000).getUTCDate() === 1;
      const vat = wholeMonth ? await vatSummary(db, config, from.slice(0, 7)) : null;
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${name}.xlsx"`)
        .send(await journalWorkbook(journal, vat));
    });

  /** A PDF shown in the browser (printed or shared from the phone), never kept by a cache. */
  app.get(EXPORTS.result, async (req, reply) => {
    if (!(await allowed(req, reply, 'result'))) return reply;
    const query = resultQuerySchema.safeParse(req.query);
    if (!query.success) return refuse(reply, 400, query.error.issues[0]!.message);
    return pdfFile(
      reply,
      `resultat-${query.data.from}-${query.data.to}.pdf`,
      await renderResult(db, fontDir, query.data.from, query.data.to),
    );
  });

  const pdfFile = (reply: FastifyReply, name: string, pdf: Buffer) =>
    reply.type('application/pdf').header('Content-Disposition', `inline; filename="${name}"`).header('Cache-Control', 'no-store').send(pdf);

  const searchOf = (req: FastifyRequest<{ Querystring: { search?: string } }>) =>
    typeof req.query.search === 'string' ? req.query.search.trim().slice(0, 200) || undefined : undefined;
  const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Africa/Porto-Novo' });

  /** GET /api/exports/newsletter.csv?search=…: the subscribers the list shows (its search), every page of them. */
  app.get<{ Querystring: { search?: string } }>(EXPORTS.newsletter, async (req, reply) => {
    if (!(await allowed(req, reply, 'newsletter'))) return reply;
    const search = searchOf(req);
    const { total } = await listQueries(db, newsletterSubscribers, 'admin', {
      page: 1,
      pageSize: 1,
      search,
    }).count.executeTakeFirstOrThrow();
    return file(reply.header('X-Count', String(total)), `abonnes-newsletter-${today()}.csv`, subscribersCsv(db, search));
  });

  /** GET /api/exports/journal.csv?search=…: the audit log entries the list shows (its search), for the owner. */
  app.get<{ Querystring: { search?: string } }>(EXPORTS.audit, async (req, reply) => {
    if (!(await allowed(req, reply, 'audit'))) return reply;
    const search = searchOf(req);
    const { total } = await listQueries(db, auditLog, 'admin', { page: 1, pageSize: 1, search }).count.executeTakeFirstOrThrow();
    return file(reply.header('X-Count', String(total)), `journal-audit-${today()}.csv`, auditCsv(db, search));
  });

  /** GET /api/exports/clients.csv?search=…: the customers of the list's search who agreed to receive offers. */
  app.get<{ Querystring: { search?: string } }>(EXPORTS.customers, async (req, reply) => {
    if (!(await allowed(req, reply, 'customers'))) return reply;
    const search = searchOf(req);
    const { total } = await consentingCustomers(db, search).count.executeTakeFirstOrThrow();
    return file(reply.header('X-Count', String(total)), `clients-whatsapp-${today()}.csv`, customersCsv(db, search));
  });

  /**
   * GET /api/exports/etiquettes.pdf?search=…: barcode labels of the products the list shows (its
   * search); ?ids=a,a,b: one label per id listed (what a delivery brought, one per unit).
   */
  app.get<{ Querystring: { search?: string; ids?: string } }>(EXPORTS.labels, async (req, reply) => {
    if (!(await allowed(req, reply, 'labels'))) return reply;
    let found: LabelledItem[];
    if (typeof req.query.ids === 'string') {
      const ids = req.query.ids.split(',').filter(isUuid).slice(0, MAX_LABELS);
      const rows = ids.length
        ? await db.selectFrom('products').select(['id', 'name', 'price', 'barcode', 'sku']).where('id', 'in', ids).execute()
        : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      found = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [{ name: row.name, price: Number(row.price), barcode: row.barcode, sku: row.sku }] : [];
      });
    } else {
      // A product sold in versions has no label of its own: each version has its code.
      const { rows } = listQueries(db, products, 'admin', { page: 1, pageSize: MAX_LABELS, search: searchOf(req) }, (q) =>
        q.where('options', 'is', null),
      );
      found = (await rows.execute()) as unknown as LabelledItem[];
    }
    return pdfFile(
      reply.header('X-Count', String(found.filter((p) => p.barcode || p.sku).length)),
      'etiquettes.pdf',
      await renderLabels(
        found.map((p) => ({ ...p, price: Number(p.price) })),
        fontDir,
      ),
    );
  });

  /** GET /api/exports/bon-de-commande.pdf?id=<id>: a purchase order, to share with the supplier or print. */
  app.get<{ Querystring: { id?: string } }>(EXPORTS.purchaseOrder, async (req, reply) => {
    if (!(await allowed(req, reply, 'purchaseOrder'))) return reply;
    const id = String(req.query.id ?? '');
    const pdf = isUuid(id) ? await renderPurchaseOrder(db, fontDir, id) : null;
    if (!pdf) return refuse(reply, 404, 'Bon de commande introuvable.');
    return pdfFile(reply, `bon-de-commande-${id.slice(0, 8)}.pdf`, pdf);
  });

  /** GET /api/exports/rapport-caisse.pdf?session=<id>: a drawer day's Z report (X while it is open), for the roll printer. */
  app.get<{ Querystring: { session?: string } }>(EXPORTS.drawerReport, async (req, reply) => {
    if (!(await allowed(req, reply, 'drawerReport'))) return reply;
    const id = String(req.query.session ?? '');
    const pdf = isUuid(id) ? await renderDrawerReport(db, fontDir, id) : null;
    if (!pdf) return refuse(reply, 404, 'Journée de caisse introuvable.');
    return pdfFile(reply, `rapport-caisse-${id.slice(0, 8)}.pdf`, pdf);
  });

  /** GET /api/exports/participants.csv?session=<id>: who registered on a session, to call them or print the list. */
  app.get<{ Querystring: { session?: string } }>(EXPORTS.participants, async (req, reply) => {
    if (!(await allowed(req, reply, 'participants'))) return reply;
    const id = String(req.query.session ?? '');
    const session = isUuid(id)
      ? await db.selectFrom('courseSessions').select(['id', 'startsAt']).where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!session) return refuse(reply, 404, 'Session introuvable.');
    const people = await sessionParticipants(db, session.id);
    const day = new Date(session.startsAt).toLocaleDateString('sv-SE', { timeZone: 'Africa/Porto-Novo' });
    return file(
      reply.header('X-Count', String(people.length)),
      `participants-${day}.csv`,
      (async function* () {
        yield participantsCsv(people);
      })(),
    );
  });

  /** GET /api/exports/ventes.csv?from=…&to=…&by=day|week|month: the dashboard's sales figures. */
  app.get(EXPORTS.sales, async (req, reply) => {
    if (!(await allowed(req, reply, 'sales'))) return reply;
    const query = salesQuerySchema.safeParse(req.query);
    if (!query.success) return refuse(reply, 400, query.error.issues[0]!.message);
    const { from, to, by } = query.data;
    const report = await salesReport(db, query.data);
    return file(
      reply,
      `ventes-${from}-${to}-${by}.csv`,
      (async function* () {
        yield salesCsv(report, query.data);
      })(),
    );
  });
}
