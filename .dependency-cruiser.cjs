// The import graph's rules, checked in CI (npm run lint): data flows downhill.
//   shared/        the declarations: imports nothing of ours
//   server/src/platform, server/src/db, server/src/config.ts: the ground floor, imports only itself
//   server/src/trpc.ts: the kernel, built on the ground floor only
//   everything else in server/src: features (auth, orders, payments, ...), routers and HTTP on top
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'A file loop.', from: {}, to: { circular: true } },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment: 'shared/ is read by the server and both front ends: it imports none of them.',
      from: { path: '^shared/' },
      to: { path: '^(server|storefront|admin)/' },
    },
    {
      name: 'ground-floor-looks-down',
      severity: 'error',
      comment: 'The ground floor (platform/, db/, config.ts) imports nothing built on it.',
      from: { path: '^server/src/(platform/|db/|config\\.ts)', pathNot: '-cli\\.ts$' },
      to: { path: '^server/src/', pathNot: '^server/src/(platform/|db/|config\\.ts)' },
    },
    {
      name: 'kernel-on-ground',
      severity: 'error',
      comment: 'trpc.ts stands on the ground floor only: features import it, never the reverse.',
      from: { path: '^server/src/trpc\\.ts$' },
      to: { path: '^server/src/', pathNot: '^server/src/(platform/|db/|config\\.ts|trpc\\.ts)' },
    },
    {
      name: 'front-ends-know-server-types-only',
      severity: 'error',
      comment: 'The storefront and the admin see the server through @app/server (types) only.',
      from: { path: '^(storefront|admin)/src/' },
      to: { path: '^server/', pathNot: '^server/src/index\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
