import { blogPosts } from '@app/shared';
import { z } from 'zod';
import { findRecordBy, movedSlug } from '../crud/repository';
import { publicProcedure } from '../trpc';

export const blogPostsProcedures = {
  bySlug: publicProcedure
    .meta({ cache: ['blogPosts'] })
    .input(z.object({ slug: z.string().trim().min(1).max(120) }))
    .query(async ({ ctx, input }) => {
      const viewer = ctx.admin ? 'admin' : 'public';
      const slug = input.slug.toLowerCase();
      // A renamed post is found by its old slug too; the page then shows its current address.
      const current = await findRecordBy(ctx.db, blogPosts, viewer, 'slug', slug).catch(async (error: unknown) => {
        const moved = await movedSlug(ctx.db, blogPosts, viewer, slug);
        if (!moved) throw error;
        return findRecordBy(ctx.db, blogPosts, viewer, 'slug', moved);
      });
      return current;
    }),
};
