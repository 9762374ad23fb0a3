import { whatsappLink } from '@app/shared/format';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../lib/errors';
import { useSettings } from '../../lib/settings';
import { useTitle } from '../../lib/title';
import { AddToCart } from '../products/AddToCart';
import { whatsappButton } from '../ui/buttons';
import { Img } from '../ui/Img';
import { NotFound } from '../ui/NotFound';
import { Page } from '../ui/Page';
import { Price } from '../ui/Price';
import { QueryStatus } from '../ui/QueryStatus';
import { isUuid } from '../../lib/id';
import { api, queries } from '../../lib/queries';

export function ServicePage() {
  const { id = '' } = useParams();
  const settings = useSettings();
  const { data: service, isPending, error, refetch } = useQuery({ ...queries.service(api, id), enabled: isUuid(id) });
  useTitle(service?.name);
  if (!isUuid(id) || isNotFound(error)) return <NotFound />;
  if (!service)
    return (
      <Page>
        <QueryStatus isPending={isPending} error={error} retry={() => void refetch()} />
      </Page>
    );
  return (
    <Page>
      <nav aria-label="Fil d'Ariane" className="mb-4 text-sm text-slate-500">
        <Link to="/services" className="hover:text-blue-700">
          Services
        </Link>{' '}
        / {service.name}
      </nav>
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
        <Img
          src={service.image}
          alt={service.name}
          width={800}
          height={600}
          eager
          className="aspect-[4/3] w-full rounded-xl object-cover"
        />
        <div className="space-y-4">
          <h1 className="text-2xl font-bold text-slate-900">{service.name}</h1>
          <Price amount={service.price} className="text-xl" />
          <p className="text-slate-700">{service.description}</p>
          {service.features.length > 0 && (
            <ul className="space-y-1">
              {service.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <span className="text-green-600" aria-hidden="true">
                    ✓
                  </span>
                  {feature}
                </li>
              ))}
            </ul>
          )}
          {service.price !== null ? (
            <AddToCart item={{ id: service.id, type: 'service', name: service.name, price: service.price, image: service.image }} />
          ) : (
            settings && (
              <a
                href={whatsappLink(settings.whatsapp, `Bonjour, je souhaite un devis pour le service « ${service.name} ».`)}
                target="_blank"
                rel="noopener noreferrer"
                className={whatsappButton}
              >
                Demander un devis sur WhatsApp
              </a>
            )
          )}
        </div>
      </div>
    </Page>
  );
}
