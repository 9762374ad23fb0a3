import { useQuery } from '@tanstack/react-query';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { QueryStatus } from '../ui/QueryStatus';
import { ServiceCard } from './ServiceCard';
import { api, queries } from '../../lib/queries';
import { CardList } from '../ui/Cards';

export function ServicesPage() {
  const { data, isPending, error, refetch } = useQuery(queries.services(api));
  return (
    <Page>
      <PageHeader
        title="Nos services"
        intro="Maintenance, réseaux, sites web et accompagnement crypto : des prestations sur mesure par des techniciens locaux."
      />
      <QueryStatus
        isPending={isPending}
        error={error}
        retry={() => void refetch()}
        empty={data?.rows.length === 0 && 'Aucun service trouvé.'}
      />
      <CardList items={data?.rows} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {(service) => <ServiceCard service={service} />}
      </CardList>
    </Page>
  );
}
