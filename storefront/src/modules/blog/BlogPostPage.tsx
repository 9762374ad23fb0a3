import { useQuery } from '@tanstack/react-query';
import { postPath } from '@app/shared/ssr';
import { useParams } from 'react-router';
import { useCurrentAddress } from '../../lib/address';
import { formatDate } from '../../lib/date';
import { useTitle } from '../../lib/title';
import { Img } from '../ui/Img';
import { Page } from '../ui/Page';
import { Breadcrumb, RecordStatus, recordMissing } from '../ui/RecordStatus';
import { RichText } from '../ui/RichText';
import { api, queries } from '../../lib/queries';

export function BlogPostPage() {
  const { slug = '' } = useParams();
  const query = useQuery(queries.post(api, slug));
  const post = query.data;
  useTitle(post?.title);
  useCurrentAddress(slug, post, postPath, (current) => queries.post(api, current).queryKey);
  if (!post || recordMissing(query)) return <RecordStatus query={query} narrow />;
  return (
    <Page narrow>
      <Breadcrumb to="/blog" label="Blog" />
      <article>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{post.title}</h1>
        <p className="mt-2 text-sm text-slate-500">
          Publié le {formatDate(String(post.date))} par {post.author}
        </p>
        {post.image && (
          <Img src={post.image} alt="" width={800} height={600} eager className="my-6 aspect-[4/3] w-full rounded-xl object-cover" />
        )}
        <p className="mb-4 text-lg text-slate-700">{post.excerpt}</p>
        <RichText html={post.content} />
      </article>
    </Page>
  );
}
