import { afterEach } from 'vitest';
import { keepFailureContext } from './browser';

// A failed browser step leaves each open page's picture and recent addresses in .tmp/screens
// (CI prints the addresses): a failure seen once on a busy machine can then be understood. Each
// try keeps its own, so a retry does not hide what the first try saw.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await keepFailureContext(`${task.id}-try${task.result.retryCount ?? 0}`);
});
