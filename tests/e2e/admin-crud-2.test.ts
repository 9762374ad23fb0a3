import { walkResources } from './admin/crud-walk';

// Every resource of the registry through the generated screens (tests/e2e/admin/crud-walk.ts): the second half.
walkResources(1);
