import { isRecordKey, whatsappLink } from '@app/shared/format';
import { servicePath } from '@app/shared/ssr';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useSettings } from '../../lib/settings';
import { useTitle } from '../../lib/title';
import { AddToCart } from '../products/AddToCart';
import { whatsappButton } from '../ui/buttons';
import { Img } from '../ui/Img';
import { Page } from '../ui/Page';
import { Price } from '../ui/Price';
import { Breadcrumb, RecordStatus, recordMissing } from '../ui/RecordStatus';
import { useCurrentAddress } from '../../lib/address';
import { api, queries } from '../../lib/queries';
import { Checklist } from '../ui/Checklist';

export function ServicePage() {
  const { slug = '' } = useParams();
  const settings = useSettings();
  const valid = isRecordKey(slug);
  const query = useQuery({ ...queries.service(api, slug), enabled: valid });
  const service = query.data;
  useTitle(service?.name);
  useCurrentAddress(slug, service, servicePath, (current) => queries.service(api, current).queryKey);
  if (!service || recordMissing(query, valid)) return <RecordStatus query={query} valid={valid} />;
  return (
    <Page>
      <Breadcrumb to="/services" label="Services">
        {service.name}
      </Breadcrumb>
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
          <Checklist items={service.features} />
          {service.price !== null ? (
            <AddToCart item={{ id: service.id, type: 'service', name: service.name, price: service.price, image: service.image }} />
          ) : (
            settings?.whatsapp && (
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
