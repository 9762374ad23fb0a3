import { resources } from '@app/shared';
import { startTestApp } from '../support/app';
import { describeContract } from '../support/contract';

// Every resource of the registry, over real HTTP: a new entity is covered with no new test.
// npm run check after a declaration's edit: that resource's suite only (scripts/check.mjs).
const only = process.env.CHECK_RESOURCES?.split(',').filter(Boolean);
describeContract(only?.length ? resources.filter((r) => only.includes(r.name)) : resources, () => startTestApp(), resources);
