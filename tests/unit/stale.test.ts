import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript script, without types
import { isStale } from '../../scripts/stale.mjs';

// npm start builds what is stale: a second start right after a build must not build again.

const root = path.resolve(`.tmp/stale-${process.pid}`);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const touch = (file: string, secondsAgo: number) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'x');
  const when = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, when, when);
};

describe('build-if-stale', () => {
  it('is not fooled by the directories a build adds beside the sources, and sees a changed source', () => {
    const app = path.join(root, 'storefront');
    touch(path.join(app, 'src/main.tsx'), 60);
    touch(path.join(app, 'dist/index.html'), 30);
    // The SSR build writes its own directory after the client build: the app directory is newer now.
    touch(path.join(app, 'dist-server/entry-server.js'), 10);
    fs.utimesSync(app, new Date(), new Date());
    const output = path.join(app, 'dist/index.html');
    expect(isStale(output, [app])).toBe(false);
    touch(path.join(app, 'src/main.tsx'), 0);
    expect(isStale(output, [app])).toBe(true);
    expect(isStale(path.join(app, 'dist/none.html'), [app])).toBe(true);
  });
});
