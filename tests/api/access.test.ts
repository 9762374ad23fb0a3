import { resources } from '@app/shared';
import { appRouter } from '../../server/src/routers/_app';
import { describeAccessWalk, describeExportWalk, describeOwnWalk, describeRoleWalk } from '../support/access';
import { startTestApp } from '../support/app';

// npm run check after a declaration's edit: that resource's procedures only (scripts/check.mjs).
const only = process.env.CHECK_RESOURCES?.split(',').filter(Boolean);
const walked = (path: string) => !only?.length || only.includes(path.split('.')[0]!);
describeAccessWalk(appRouter, resources, () => startTestApp(), walked);
describeRoleWalk(appRouter, () => startTestApp(), walked);

// The declared row rules: a courier's own deliveries.
describeOwnWalk(
  appRouter,
  () => startTestApp({ demo: true }),
  async (app, rule, owner) => {
    if (rule.table !== 'deliveries') throw new Error(`Row rule on ${rule.table}: teach this walk to make one of its rows`);
    const order = await app.db
      .selectFrom('orders')
      .select('id')
      .where('address', 'is not', null)
      .where('status', 'in', ['new', 'confirmed', 'shipped'])
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('deliveries').select('orderId').whereRef('deliveries.orderId', '=', 'orders.id'))),
      )
      .executeTakeFirstOrThrow();
    await app.db.insertInto('deliveries').values({ orderId: order.id, courierId: owner, assignedBy: 'walk@own.example' }).execute();
    return order.id;
  },
);

// The files the owner downloads: who may, as each is declared (EXPORT_ACCESS).
describeExportWalk(() => startTestApp());
