import { displayPhone, telLink, whatsappLink } from '@app/shared/format';
import { useSettings } from '../../lib/settings';
import { ChatIcon } from './icons';
import { quickLinks } from './links';
import { Newsletter } from './Newsletter';

const socials = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
  ['youtube', 'YouTube'],
  ['tiktok', 'TikTok'],
] as const;

const heading = 'mb-3 text-base font-semibold text-white';

export function Footer() {
  const settings = useSettings();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <p className="text-lg font-bold text-white">{settings?.businessName}</p>
          <p className="mt-2 text-sm">{settings?.tagline}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Réseaux sociaux">
            {socials.map(([key, label]) =>
              settings?.[key] ? (
                <li key={key}>
                  <a
                    href={settings[key]!}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-block rounded-full border border-slate-600 px-3 py-1 text-sm hover:border-amber-400 hover:text-white"
                  >
                    {label}
                  </a>
                </li>
              ) : null,
            )}
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={heading}>
            Liens rapides
          </h2>
          <ul className="space-y-1">
            {quickLinks.map((link) => (
              <li key={link.label}>
                <a href={link.to} className="inline-block py-1 hover:text-white">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className={heading}>
            Newsletter
          </h2>
          <p className="mb-3 text-sm">Nouveautés, promotions et conseils crypto, une fois par mois.</p>
          <Newsletter />
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={heading}>
            Contactez-nous
          </h2>
          {settings && (
            <address className="space-y-1 text-sm not-italic">
              {settings.phone && (
                <p>
                  <a href={telLink(settings.phone)} className="inline-block py-1 hover:text-white">
                    {displayPhone(settings.phone)}
                  </a>
                </p>
              )}
              {settings.email && (
                <p>
                  <a href={`mailto:${settings.email}`} className="inline-block py-1 break-all hover:text-white">
                    {settings.email}
                  </a>
                </p>
              )}
              {settings.address && <p>{settings.address}</p>}
              {settings.whatsapp && (
                <a
                  href={whatsappLink(settings.whatsapp)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-lg bg-whatsapp px-4 font-semibold text-white hover:bg-whatsapp-dark"
                >
                  <ChatIcon /> Contact WhatsApp
                </a>
              )}
            </address>
          )}
        </section>
      </div>
      <p className="border-t border-slate-800 px-4 py-4 text-center text-xs">
        © {new Date().getFullYear()} {settings?.businessName}. Tous droits réservés.
      </p>
    </footer>
  );
}
