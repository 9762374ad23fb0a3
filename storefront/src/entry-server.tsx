import { Writable } from 'node:stream';
import { dehydrate, type FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import type { AppRouter, Context } from '@app/server';
import { App } from './app/App';
import { layoutData, pageRoutes } from './app/routes';

export { crawlPaths, pagePaths } from './app/routes';
import { isNotFound } from './lib/errors';
import { type Head, HeadContext } from './lib/head';
import { ServerSanitizer } from './modules/ui/SafeHtml';
import type { RenderedPage } from '@app/shared/ssr';

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
export async function render(
  url: string,
  router: AppRouter,
  createContext: () => Context,
  sanitize: (html: string) => string,
): Promise<RenderedPage> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const api = createTRPCOptionsProxy<AppRouter>({ router, ctx: createContext, queryClient });
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const match = matchRoutes(pageRoutes, pathname)?.at(-1);
  const reads = [...layoutData(api), ...(match?.route.data?.(api, match.params, searchParams) ?? [])];
  // Each read is a full query options object from lib/queries.ts; PageRead only names its key
  // (TanStack's option types are invariant in their data type, so a list of them cannot be typed closer).
  await Promise.all(reads.map((options) => queryClient.prefetchQuery(options as FetchQueryOptions)));

  const head: Head = {};
  // A component that throws leaves its part to the browser (React renders it there): the page is
  // still sent, not kept, and the error reaches the server's log.
  const errors: unknown[] = [];
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const html = await prerenderToNodeStream(
    <HeadContext value={head}>
      <ServerSanitizer value={sanitize}>
        <App queryClient={queryClient} router={Router} />
      </ServerSanitizer>
    </HeadContext>,
    // Never outlined into inline scripts (the CSP allows none): one piece of HTML, in order.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  ).then(({ prelude }) => text((out) => prelude.pipe(out)));

  const queries = queryClient.getQueryCache().getAll();
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
    // tRPC's query keys start with the procedure's path: [['products', 'get'], { input }].
    procedures: reads.map((options) => (options.queryKey[0] as string[]).join('.')),
    failed: queries.some((query) => query.state.status === 'error' && !isNotFound(query.state.error)),
    errors,
    module: match?.route.module,
  };
}
