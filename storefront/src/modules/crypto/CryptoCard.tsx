import type { RouterOutputs } from '../../lib/trpc';
import { card } from '../ui/buttons';
import { Img } from '../ui/Img';
import { CardTitle } from '../ui/Cards';

export type TrendingCrypto = RouterOutputs['trendingCryptos']['list']['rows'][number];

export function CryptoCard({ crypto }: { crypto: TrendingCrypto }) {
  return (
    <article className={`${card} flex h-full flex-col gap-3 p-4`}>
      <div className="flex items-center gap-3">
        <Img src={crypto.image} alt="" width={48} height={48} className="size-12 rounded-full" />
        <div>
          <CardTitle className="font-semibold text-slate-900">{crypto.name}</CardTitle>
          <p className="text-sm font-mono text-slate-500">{crypto.symbol}</p>
        </div>
      </div>
      <p className="text-sm text-slate-600">{crypto.description}</p>
      {/* Affiliate link: "sponsored" tells search engines it is paid; noopener isolates the new tab. */}
      <a
        href={crypto.affiliateLink}
        target="_blank"
        rel="noopener sponsored"
        className="mt-auto inline-flex min-h-11 items-center justify-center rounded-lg bg-amber-500 px-4 font-semibold text-slate-900 hover:bg-amber-400"
      >
        Obtenir {crypto.symbol}
      </a>
    </article>
  );
}
