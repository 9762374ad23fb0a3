import { createHash } from 'node:crypto';
import { TAP_RECORDER } from '../shared/src/ssr.ts';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as bundle } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker (Workbox, generated): the app's code and styles precached, so a repeat visit
 * starts from the phone; the pages, public reads and photos a shopper saw kept for when the
 * network drops; a new version takes over at once (no shopper stuck on an old build).
 */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  // Registered by the app once it has started (app/start.tsx), not by a script of its own in the page.
  injectRegister: false,
  manifest: {
    name: 'Boutique tech et crypto au Bénin',
    short_name: 'Boutique',
    description: 'Produits high-tech, services informatiques et formations crypto au Bénin, avec paiement à la livraison.',
    lang: 'fr',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: '#1e40af',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,svg,png}', 'index.html'],
    // The bare shell answers only when nothing better is there (below): '/' is the home page the
    // server rendered, kept like any other page, never the precached index.html (Workbox's default
    // maps an address ending in '/' to it, so a returning shopper got an empty page, offline too).
    directoryIndex: null,
    // Pages are rendered by the server: no app-shell fallback for every address, only offline.
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    // The pages open before the worker took over, kept on its activation (public/sw-first-pages.js).
    importScripts: ['/sw-first-pages.js'],
    clientsClaim: true,
    skipWaiting: true,
    // A page's request leaves while the worker starts up (slow on a cheap phone), not after.
    navigationPreload: true,
    // The matchers and plugins below are copied into the worker as source: each stands alone.
    runtimeCaching: [
      {
        // Shop pages: the network first, the copy last seen when it fails or is slower than 4 s; an
        // address never seen falls back to the app, which says "hors ligne". Never the admin, a
        // customer's own order (/suivi) nor a receipt, and never an answer marked private or no-store.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(admin|suivi)(\/|$)|\.pdf$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'pages',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 60 },
          precacheFallback: { fallbackURL: '/index.html' },
          plugins: [
            {
              cacheWillUpdate: async ({ response }) =>
                /no-store|private/.test(response.headers.get('cache-control') ?? '') ? null : response,
            },
          ],
        },
      },
      {
        // Public reads made by the shop's pages; not the admin's (the request comes from an /admin
        // page), and a shopper's own order and payment are never stored on the phone.
        urlPattern: ({ request, url }) =>
          url.pathname.startsWith('/trpc/') &&
          !/orders\.|payments\.status|auth\./.test(url.pathname) &&
          !/^\/admin(\/|$)/.test(request.referrer ? new URL(request.referrer).pathname : ''),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'api',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 120 },
          plugins: [
            {
              cacheWillUpdate: async ({ response }) =>
                /no-store|private/.test(response.headers.get('cache-control') ?? '') ? null : response,
            },
          ],
        },
      },
      {
        // Photos never change at their address (content hash); demo illustrations rarely. Not the
        // admin's (it has its own service worker; before that one is installed, this one may see them).
        urlPattern: ({ request, url }) =>
          url.pathname.startsWith('/media/') && !/^\/admin(\/|$)/.test(request.referrer ? new URL(request.referrer).pathname : ''),
        handler: 'CacheFirst',
        options: { cacheName: 'images', expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 } },
      },
    ],
  },
});

/**
 * The app's code starts after the page's first paint (src/boot/boot.ts), so that the shopper's slow
 * link carries the page and its main image first, and the first paint waits for no script. Its
 * tags go into an inert <template id="app-code"> that boot.js puts into the page then; the server
 * adds the page's own chunk there (http/ssr.ts). The steps main.tsx imports one after the other
 * are listed too, so that the browser fetches them all at once instead of one after the other.
 */
const startAfterFirstPaint: Plugin = {
  name: 'start-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { chunk, bundle }) {
      if (!chunk || !bundle) return html;
      const files = new Set<string>();
      const visit = (file: string) => {
        const next = bundle[file];
        if (next?.type !== 'chunk' || files.has(file)) return;
        files.add(file);
        next.imports.forEach(visit);
      };
      chunk.dynamicImports.forEach(visit);
      const tags: string[] = [];
      const page = html.replace(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g, (tag) => {
        tags.push(tag);
        return '';
      });
      for (const file of files)
        if (!page.includes(`/${file}"`) && !tags.some((tag) => tag.includes(`/${file}"`)))
          tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
      return page.replace('</body>', `<template id="app-code">${tags.join('')}</template></body>`);
    },
  },
};

/**
 * The page's early script (src/boot/boot.ts): one small classic script of its own, with the shared
 * cart rules built in, so that it runs as soon as it arrives, before any of the app. Its name holds
 * a hash of its content, like the app's files: a repeat visit runs it from the browser's cache
 * without asking the server first. Asked again (no-cache, one round trip), it ran about 1 s after
 * the page's start on a slow phone, after the page could be tapped: such a tap was lost.
 */
const earlyScript = (): Plugin => {
  let file = '';
  return {
    name: 'early-script',
    apply: 'build',
    async buildStart() {
      const entry = new URL('./src/boot/boot.ts', import.meta.url).pathname;
      const { outputFiles } = await bundle({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
      });
      const source = outputFiles[0]!.text;
      file = `assets/boot-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName: file, source });
    },
    // The tap recorder first (@app/shared/ssr), for the taps made before this script has arrived.
    transformIndexHtml(html) {
      const tag = '<script src="/boot.js"';
      if (!html.includes(tag)) throw new Error(`index.html has no ${tag}> for the early script`);
      return html.replace(tag, `<script>${TAP_RECORDER}</script><script src="/${file}"`);
    },
  };
};

/**
 * The small parts several pages share (a price, a photo, a card, a status line) go into one
 * file instead of a file each: a product page needed 24 files, and a phone on a 400 ms mobile
 * link fetches them six at a time. Parts that bring a large library stay apart (the form
 * checks and their phone library), so a page that shows no form does not download them.
 */
const smallSharedModule = (id: string) =>
  /[\\/](storefront|shared)[\\/]src[\\/]/.test(id) && !/validate|phone|useForm|Field|resources|auth[\\/]/.test(id);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [earlyScript(), pwa, startAfterFirstPaint])],
  // The manifest tells the server which files a page's code is made of (modulepreload links).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: !isSsrBuild,
    // One stylesheet, which every page carries inline (server/src/http/ssr.ts). Split per chunk,
    // the code of a page would add it again as a file when it starts: a second download on the
    // mobile link, and the whole page restyled (30 ms here, four times that on a slow phone).
    cssCodeSplit: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                { name: 'data', test: /node_modules[\\/](@tanstack|@trpc)[\\/]/, priority: 1 },
                { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 1 },
                { name: 'shop', test: smallSharedModule, minShareCount: 2, includeDependenciesRecursively: false },
              ],
            },
          },
        },
  },
  // The server build (entry-server.tsx, for server rendering) carries its dependencies: the
  // server loads one folder, whatever node_modules layout the install made.
  ssr: { noExternal: true },
  server: { proxy: { '/trpc': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
}));
