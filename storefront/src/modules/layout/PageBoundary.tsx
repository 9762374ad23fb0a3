import { Component, type ReactNode } from 'react';
import { PageLoadError, retryFailedPages } from '../../app/pages';
import { primaryButton } from '../ui/buttons';
import { Page } from '../ui/Page';

interface State {
  error: unknown;
  pathname: string;
}

const RELOADED = 'boutique:reloaded';
const SCRIPT = /<script type="module"[^>]*src="([^"]+)"/;

/**
 * A page's code went missing while the shop answers with another main script: a new version was
 * deployed since this tab loaded, and its files have new names. Reload once to the same address.
 * (Same script: the connection dropped; the message and its "Réessayer" are the way out.)
 */
async function reloadIfRedeployed() {
  const current = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src');
  const html = await fetch('/about', { cache: 'no-store' })
    .then((response) => response.text())
    .catch(() => null);
  const latest = html && SCRIPT.exec(html)?.[1];
  if (!latest || !current || latest === current || sessionStorage.getItem(RELOADED) === location.href) return;
  sessionStorage.setItem(RELOADED, location.href);
  location.reload();
}

/**
 * Around the routed page: whatever goes wrong in it, the header, footer and cart stay, and the
 * shopper gets a French message with "Réessayer". A page whose code is missing while the shop
 * answers is from an older version (a deploy renamed the files): the app reloads itself, once.
 */
export class PageBoundary extends Component<{ pathname: string; children: ReactNode }, State> {
  override state: State = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // Another address: its page gets its chance.
  static getDerivedStateFromProps(props: { pathname: string }, state: State) {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof PageLoadError) void reloadIfRedeployed();
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const lost = error instanceof PageLoadError;
    return (
      <Page narrow>
        <div role="alert" className="py-10 text-center">
          <h1 className="mb-2 text-2xl font-bold text-slate-900">{lost ? 'Connexion perdue' : 'Une erreur est survenue'}</h1>
          <p className="mb-6 text-slate-600">
            {lost
              ? 'La page n’a pas pu être chargée. Vérifiez votre connexion internet, puis réessayez.'
              : 'Cette page n’a pas pu s’afficher. Réessayez dans un instant.'}
          </p>
          <button
            type="button"
            className={primaryButton}
            onClick={() => {
              retryFailedPages();
              this.setState({ error: null });
            }}
          >
            Réessayer
          </button>
        </div>
      </Page>
    );
  }
}
