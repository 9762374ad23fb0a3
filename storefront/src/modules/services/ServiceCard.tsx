import { servicePath } from '@app/shared/ssr';
import type { RouterOutputs } from '../../lib/trpc';
import { card } from '../ui/buttons';
import { Img } from '../ui/Img';
import { Price } from '../ui/Price';
import { CardTitle } from '../ui/Cards';

export type Service = RouterOutputs['services']['list']['rows'][number];

export function ServiceCard({ service }: { service: Service }) {
  return (
    <article className={`${card} flex h-full flex-col overflow-hidden`}>
      <Img src={service.image} alt={service.name} width={400} height={300} className="aspect-[4/3] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <CardTitle className="font-semibold text-slate-900">
          <a href={servicePath(service)} className="hover:text-blue-700">
            {service.name}
          </a>
        </CardTitle>
        <p className="line-clamp-3 text-sm text-slate-600">{service.shortDescription}</p>
        <Price amount={service.price} className="mt-auto" />
        <a href={servicePath(service)} className="text-sm font-semibold text-blue-700 hover:underline">
          Voir le détail →
        </a>
      </div>
    </article>
  );
}
