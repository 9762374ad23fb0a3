import { Writable } from 'node:stream';
import { dehydrate, type FetchQueryOptions, QueryClient, skipToken } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { AppRouter, Context } from '@app/server';
import { App } from './app/App';
import { layoutData, routeOf } from './app/routes';
import { queries } from './lib/queries';

export { crawlPaths, pageAddress, pagePaths } from './app/routes';
import { isNotFound } from './lib/errors';
import { type Head, HeadContext } from './lib/head';
import type { PagePreview, RenderedPage } from '@app/shared/ssr';

const text = (write: (out: Writable) => void) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    out.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    out.on('error', reject);
    write(out);
  });

/** `<` escaped so no text from the database can close the script element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/**
 * Renders a storefront address on the server: loads the public data its page shows through the
 * router (no HTTP), renders the same components as the browser, and returns the markup with the
 * data for hydration. The server calls it with a visitor's context (never an admin's).
 */
/** Loads what the address's route declares it shows (and the layout's data), through the router. */
async function prefetch(url: string, router: AppRouter, createContext: () => Context) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const api = createTRPCOptionsProxy<AppRouter>({ router, ctx: createContext, queryClient });
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const match = routeOf(pathname);
  const reads = [...layoutData(api), ...(match?.route.data?.(api, match.params, searchParams) ?? [])];
  // Each read is a full query options object from lib/queries.ts; PageRead only names its key
  // (TanStack's option types are invariant in their data type, so a list of them cannot be typed closer).
  await Promise.all(reads.map((options) => queryClient.prefetchQuery(options as FetchQueryOptions)));
  const preview = match?.route.preview?.(api, match.params, queryClient, searchParams);
  const siteName = queryClient.getQueryData(queries.settings(api).queryKey)?.businessName ?? '';
  return { queryClient, match, reads, preview: preview ? { ...preview, siteName } : null };
}

/** A page's link-preview tags without rendering it (pages rendered by the browser: SERVER_RENDERING=false). */
export async function pagePreview(url: string, router: AppRouter, createContext: () => Context): Promise<PagePreview | null> {
  return (await prefetch(url, router, createContext)).preview;
}

export async function render(url: string, router: AppRouter, createContext: () => Context): Promise<RenderedPage> {
  const { queryClient, match, reads, preview } = await prefetch(url, router, createContext);
  const prefetched = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash),
  );

  const head: Head = {};
  // A component that throws leaves its part to the browser (React renders it there): the page is
  // still sent, not kept, and the error reaches the server's log.
  const errors: unknown[] = [];
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const html = await prerenderToNodeStream(
    <HeadContext value={head}>
      <App queryClient={queryClient} router={Router} />
    </HeadContext>,
    // Never outlined into inline scripts (the CSP allows none): one piece of HTML, in order.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  ).then(({ prelude }) => text((out) => prelude.pipe(out)));

  const cached = queryClient.getQueryCache().getAll();
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || isNotFound(query.state.error),
  });
  // An error crosses as a plain object the browser's isNotFound() recognizes.
  for (const query of state.queries) {
    if (!query.state.error) continue;
    const plain: Error & { data: { code: string } } = {
      name: 'TRPCClientError',
      message: query.state.error.message,
      data: { code: 'NOT_FOUND' },
    };
    query.state.error = plain;
  }
  return {
    html,
    state: scriptJson(state),
    status: head.status ?? 200,
    title: head.title,
    preview,
    // tRPC's query keys start with the procedure's path: [['products', 'get'], { input }].
    procedures: reads.map((options) => (options.queryKey[0] as string[]).join('.')),
    failed: cached.some((query) => query.state.status === 'error' && !isNotFound(query.state.error)),
    errors,
    module: match?.route.module,
    // A query turned off (an invalid id, a form not yet sent) reads nothing, on the server or later.
    unprefetched: cached
      .filter((query) => !prefetched.has(query.queryHash))
      .filter((query) => (query.options as { enabled?: unknown }).enabled !== false && query.options.queryFn !== skipToken)
      .map((query) => (query.queryKey[0] as string[]).join('.'))
      .filter((name, i, all) => all.indexOf(name) === i),
  };
}
