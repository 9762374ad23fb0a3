import { resources } from '@app/shared';
import { appRouter } from '../../server/src/routers/_app';
import { describeAccessWalk, describeRoleWalk } from '../support/access';
import { startTestApp } from '../support/app';

describeAccessWalk(appRouter, resources, () => startTestApp());
describeRoleWalk(appRouter, () => startTestApp());
