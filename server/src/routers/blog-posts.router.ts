import { blogPosts } from '@app/shared';
import { z } from 'zod';
import { crudProcedures } from '../crud/crud-router';
import { findRecordBy } from '../crud/repository';
import { publicProcedure, router } from '../trpc';

export const blogPostsRouter = router({
  ...crudProcedures(blogPosts),
  bySlug: publicProcedure.meta({ cache: ['blogPosts'] }).input(z.object({ slug: z.string().trim().min(1).max(120) })).query(async ({ ctx, input }) => {
    const row = await findRecordBy(ctx.db, blogPosts, ctx.admin ? 'admin' : 'public', 'slug', input.slug.toLowerCase());
    return row as typeof blogPosts.$row & object;
  }),
});
