import { useQuery } from '@tanstack/react-query';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { QueryStatus } from '../ui/QueryStatus';
import { CourseCard } from './CourseCard';
import { api, queries } from '../../lib/queries';
import { CardList } from '../ui/Cards';

export function CoursesPage() {
  const { data, isPending, error, refetch } = useQuery(queries.courses(api));
  return (
    <Page>
      <PageHeader
        title="Formations Crypto"
        intro="Apprenez à acheter, conserver et utiliser les cryptomonnaies en toute sécurité, du premier pas au niveau avancé."
      />
      <QueryStatus
        isPending={isPending}
        error={error}
        retry={() => void refetch()}
        empty={data?.rows.length === 0 && 'Aucune formation trouvée.'}
      />
      <CardList items={data?.rows} className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {(course) => <CourseCard course={course} detailed />}
      </CardList>
    </Page>
  );
}
