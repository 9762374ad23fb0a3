import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate } from '../../lib/date';
import { isNotFound } from '../../lib/errors';
import { useTitle } from '../../lib/title';
import { Img } from '../ui/Img';
import { NotFound } from '../ui/NotFound';
import { Page } from '../ui/Page';
import { QueryStatus } from '../ui/QueryStatus';
import { SafeHtml } from '../ui/SafeHtml';
import { api, queries } from '../../lib/queries';

export function BlogPostPage() {
  const { slug = '' } = useParams();
  const { data: post, isPending, error, refetch } = useQuery(queries.post(api, slug));
  useTitle(post?.title);
  // Reached by a slug the post had before it was renamed: show its current address.
  const navigate = useNavigate();
  const moved = post && post.slug !== slug.toLowerCase() ? post.slug : null;
  useEffect(() => {
    if (moved) navigate(`/blog/${moved}`, { replace: true });
  }, [moved, navigate]);
  if (isNotFound(error)) return <NotFound />;
  if (!post)
    return (
      <Page narrow>
        <QueryStatus isPending={isPending} error={error} retry={() => void refetch()} />
      </Page>
    );
  return (
    <Page narrow>
      <nav aria-label="Fil d'Ariane" className="mb-4 text-sm text-slate-500">
        <Link to="/blog" className="hover:text-blue-700">
          Blog
        </Link>
      </nav>
      <article>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{post.title}</h1>
        <p className="mt-2 text-sm text-slate-500">
          Publié le {formatDate(String(post.date))} par {post.author}
        </p>
        {post.image && (
          <Img src={post.image} alt="" width={800} height={600} eager className="my-6 aspect-[4/3] w-full rounded-xl object-cover" />
        )}
        <p className="mb-4 text-lg text-slate-700">{post.excerpt}</p>
        <SafeHtml html={post.content} />
      </article>
    </Page>
  );
}
