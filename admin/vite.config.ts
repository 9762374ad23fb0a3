import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { resources } from '@app/shared/resources';
import { adminPlace } from './src/crud/registry';

/**
 * From the registry as it is when the admin is built or its dev server starts: `virtual:admin-places`,
 * each resource's place in the admin (src/crud/places.ts); `virtual:admin-labels`, each resource's
 * fields' French labels, for a screen that names a field without its declaration (the counter).
 */
const VIRTUAL: Record<string, () => unknown> = {
  'virtual:admin-places': () => resources.map(adminPlace),
  'virtual:admin-labels': () =>
    Object.fromEntries(
      resources.map((r) => [r.name, Object.fromEntries(Object.entries(r.fields).map(([name, field]) => [name, field.label]))]),
    ),
};
const places: Plugin = {
  name: 'admin-places',
  resolveId: (id) => (id in VIRTUAL ? `\0${id}` : undefined),
  load: (id) => {
    const made = id.startsWith('\0') ? VIRTUAL[id.slice(1)] : undefined;
    return made ? `export default ${JSON.stringify(made())};` : undefined;
  },
};

/**
 * The admin is an installable app of its own under /admin/: its manifest, icons and service worker
 * (src/sw.ts: the shell precached, Web Push alerts), apart from the storefront's.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  base: '/admin/',
  scope: '/admin/',
  // Registered by the app (src/pwa.ts), once it has started.
  injectRegister: false,
  manifest: {
    id: '/admin/',
    name: 'Administration de la boutique',
    short_name: 'Admin boutique',
    description: 'Commandes, alertes et catalogue de la boutique.',
    lang: 'fr',
    start_url: '/admin/',
    scope: '/admin/',
    display: 'standalone',
    background_color: '#f5f5f5',
    theme_color: '#001529',
    icons: [
      { src: '/admin/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/admin/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/admin/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // The rich-text editor is for writing a post, the charts' code (G2, 480 KB compressed) for looking at
    // sales: each fetched when first used, then kept (admin-assets), not with the shell on every install.
    globIgnores: ['**/HtmlEditor-*.js', '**/SalesPlots-*.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  base: '/admin/',
  plugins: [react(), pwa, places],
  // Two of Refine's dependencies, lightened for the phone's first screen (src/vendor/ says why).
  resolve: {
    alias: {
      qs: fileURLToPath(new URL('src/vendor/qs.ts', import.meta.url)),
      papaparse: fileURLToPath(new URL('src/vendor/papaparse.ts', import.meta.url)),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/trpc': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
