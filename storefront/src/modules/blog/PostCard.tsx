import { postPath } from '@app/shared/ssr';
import { formatDate } from '../../lib/date';
import type { RouterOutputs } from '../../lib/trpc';
import { card } from '../ui/buttons';
import { Img } from '../ui/Img';
import { CardTitle } from '../ui/Cards';

export type Post = RouterOutputs['blogPosts']['list']['rows'][number];

export function PostCard({ post }: { post: Post }) {
  return (
    <article className={`${card} flex h-full flex-col overflow-hidden`}>
      <a href={postPath(post)} tabIndex={-1} aria-hidden="true">
        <Img src={post.image} alt="" width={400} height={300} className="aspect-[4/3] w-full object-cover" />
      </a>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs text-slate-500">
          {formatDate(String(post.date))} · {post.author}
        </p>
        <CardTitle className="font-semibold text-slate-900">
          <a href={postPath(post)} className="hover:text-blue-700">
            {post.title}
          </a>
        </CardTitle>
        <p className="line-clamp-3 text-sm text-slate-600">{post.excerpt}</p>
        <a href={postPath(post)} className="mt-auto text-sm font-semibold text-blue-700 hover:underline">
          Lire l'article →
        </a>
      </div>
    </article>
  );
}
