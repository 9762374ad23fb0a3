import { useQuery } from '@tanstack/react-query';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { QueryStatus } from '../ui/QueryStatus';
import { CryptoCard } from './CryptoCard';
import { api, queries } from '../../lib/queries';
import { CardList } from '../ui/Cards';

export function CryptoTrendingPage() {
  const { data, isPending, error, refetch } = useQuery(queries.trendingCryptos(api));
  return (
    <Page>
      <PageHeader title="Cryptos tendance" intro="Les cryptomonnaies du moment et les plateformes partenaires pour les obtenir.">
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Liens partenaires : nous pouvons percevoir une commission. Investir en crypto comporte des risques de perte.{' '}
          <a href="/verify" className="font-semibold underline">
            Faire vérifier un portefeuille
          </a>
        </p>
      </PageHeader>
      <QueryStatus
        isPending={isPending}
        error={error}
        retry={() => void refetch()}
        empty={data?.rows.length === 0 && 'Aucune crypto trouvée.'}
      />
      <CardList items={data?.rows} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {(crypto) => <CryptoCard crypto={crypto} />}
      </CardList>
    </Page>
  );
}
