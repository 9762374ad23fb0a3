import { displayPhone, telLink, whatsappLink } from '@app/shared/format';
import { useSettings } from '../../lib/settings';
import { ChatIcon } from '../layout/icons';
import { card, whatsappButton } from '../ui/buttons';

export function ContactDetails() {
  const settings = useSettings();
  if (!settings) return null;
  return (
    <aside className={`${card} space-y-4 self-start p-4`} aria-label="Coordonnées">
      {settings.phone && (
        <div>
          <h2 className="text-sm font-semibold text-slate-500">Téléphone</h2>
          <a href={telLink(settings.phone)} className="font-medium text-blue-700">
            {displayPhone(settings.phone)}
          </a>
        </div>
      )}
      {settings.email && (
        <div>
          <h2 className="text-sm font-semibold text-slate-500">E-mail</h2>
          <a href={`mailto:${settings.email}`} className="break-all font-medium text-blue-700">
            {settings.email}
          </a>
        </div>
      )}
      {settings.address && (
        <div>
          <h2 className="text-sm font-semibold text-slate-500">Adresse</h2>
          <address className="not-italic">{settings.address}</address>
        </div>
      )}
      {settings.openingHours.length > 0 && (
        <div>
          <h2 className="text-sm font-semibold text-slate-500">Heures d’ouverture</h2>
          <ul>
            {settings.openingHours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {settings.whatsapp && (
        <a href={whatsappLink(settings.whatsapp)} target="_blank" rel="noopener noreferrer" className={`${whatsappButton} w-full`}>
          <ChatIcon /> Écrire sur WhatsApp
        </a>
      )}
    </aside>
  );
}
