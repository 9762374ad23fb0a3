import { resources } from '@app/shared';
import { appRouter } from '../../server/src/routers/_app';
import { describeAccessWalk, describeRoleWalk } from '../support/access';
import { startTestApp } from '../support/app';

// npm run check after a declaration's edit: that resource's procedures only (scripts/check.mjs).
const only = process.env.CHECK_RESOURCES?.split(',').filter(Boolean);
const walked = (path: string) => !only?.length || only.includes(path.split('.')[0]!);
describeAccessWalk(appRouter, resources, () => startTestApp(), walked);
describeRoleWalk(appRouter, () => startTestApp(), walked);
