import { resources } from '@app/shared';
import { startTestApp } from '../support/app';
import { describeContract } from '../support/contract';

// Every resource of the registry, over real HTTP: a new entity is covered with no new test.
describeContract(resources, () => startTestApp());
