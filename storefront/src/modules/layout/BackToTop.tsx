import { ArrowUpIcon } from './icons';
import { useScrolled } from './useScrolled';

/** Fixed round button; hidden at the top of the page, where it would have nothing to do. */
export function BackToTop() {
  const visible = useScrolled(300);
  return (
    <button
      type="button"
      aria-label="Retour en haut"
      title="Retour en haut"
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className={`fixed bottom-4 right-4 z-20 flex size-12 items-center justify-center rounded-full bg-blue-700 text-white shadow-lg transition-opacity hover:bg-blue-800 ${
        visible ? 'opacity-100' : 'pointer-events-none opacity-0'
      }`}
    >
      <ArrowUpIcon />
    </button>
  );
}
