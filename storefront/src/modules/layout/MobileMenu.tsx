import { whatsappLink } from '@app/shared/format';
import { useLocation } from 'react-router';
import { ChatIcon, UserIcon } from './icons';
import { currentPage, mobileLinks } from './links';

const item = 'flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-medium';

export function MobileMenu({ whatsapp, onNavigate }: { whatsapp: string | undefined; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav
      id="mobile-menu"
      aria-label="Menu mobile"
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 py-2 lg:hidden"
    >
      <ul>
        {mobileLinks.map((link) => (
          <li key={link.to}>
            <a
              href={link.to}
              {...currentPage(pathname, link.to)}
              onClick={onNavigate}
              className={`${item} text-slate-800 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800`}
            >
              {link.label}
            </a>
          </li>
        ))}
        <li>
          {/* The admin is another app: a full page load, not a client-side route. */}
          <a href="/admin" className={`${item} text-slate-800`}>
            <UserIcon /> Espace Admin
          </a>
        </li>
        {whatsapp && (
          <li>
            <a
              href={whatsappLink(whatsapp)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onNavigate}
              className={`${item} text-green-700`}
            >
              <ChatIcon /> Contact WhatsApp
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
