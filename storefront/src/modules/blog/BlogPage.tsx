import { useQuery } from '@tanstack/react-query';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { QueryStatus } from '../ui/QueryStatus';
import { PostCard } from './PostCard';
import { api, queries } from '../../lib/queries';
import { CardList } from '../ui/Cards';

export function BlogPage() {
  const { data, isPending, error, refetch } = useQuery(queries.posts(api));
  return (
    <Page>
      <PageHeader title="Blog" intro="Conseils high-tech, guides crypto et actualités de la boutique." />
      <QueryStatus
        isPending={isPending}
        error={error}
        retry={() => void refetch()}
        empty={data?.rows.length === 0 && 'Aucun article trouvé.'}
      />
      <CardList items={data?.rows} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {(post) => <PostCard post={post} />}
      </CardList>
    </Page>
  );
}
