import { mediaSources } from '@app/shared/format';
import { type MouseEvent, useRef, useState } from 'react';
import { Img } from '../ui/Img';

/**
 * A product's photos, each shown whole (a phone's portrait photo is not cut to the 4:3 box), with
 * a tap to see it full screen. The photo is a link to its largest size, so without JavaScript (or
 * before the app has started) the tap still shows it.
 */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const viewer = useRef<HTMLDialogElement>(null);
  const current = images[index] ?? images[0];
  const open = (event: MouseEvent) => {
    event.preventDefault();
    viewer.current?.showModal();
  };
  const close = () => viewer.current?.close();
  return (
    <div>
      {current ? (
        <a href={largest(current)} onClick={open} className="block cursor-zoom-in" aria-label={`Voir la photo en grand : ${name}`}>
          <Img
            src={current}
            alt={name}
            width={800}
            height={600}
            eager
            sizes="(min-width: 768px) 50vw, 100vw"
            className="aspect-[4/3] w-full rounded-xl border border-slate-200 object-contain"
          />
        </a>
      ) : (
        <Img src={null} alt={name} width={800} height={600} className="aspect-[4/3] w-full rounded-xl border border-slate-200" />
      )}
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2" aria-label="Autres photos">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Photo ${i + 1} sur ${images.length}`}
                aria-pressed={i === index}
                className={`overflow-hidden rounded-lg border-2 ${i === index ? 'border-blue-700' : 'border-transparent'}`}
              >
                <Img src={src} alt="" width={80} height={60} className="h-15 w-20 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {current && (
        // The browser's own modal: Escape and the back gesture's "cancel" close it, focus stays inside.
        <dialog
          ref={viewer}
          aria-label={name}
          onClick={(event) => event.target === event.currentTarget && close()}
          className="m-0 h-dvh max-h-none w-screen max-w-none bg-black p-0 text-white backdrop:bg-black"
        >
          <img
            src={largest(current)}
            alt={name}
            loading="lazy"
            decoding="async"
            className="pointer-events-none h-full w-full object-contain"
          />
          <button
            type="button"
            onClick={close}
            className="absolute right-3 top-3 rounded-full bg-black/70 px-4 py-2 font-semibold text-white ring-1 ring-white/40"
          >
            Fermer
          </button>
          {images.length > 1 && (
            <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-4">
              <button
                type="button"
                onClick={() => setIndex((index + images.length - 1) % images.length)}
                className="rounded-full bg-black/70 px-4 py-2 text-white ring-1 ring-white/40"
              >
                ‹ Précédente
              </button>
              <span aria-live="polite">
                {index + 1} / {images.length}
              </span>
              <button
                type="button"
                onClick={() => setIndex((index + 1) % images.length)}
                className="rounded-full bg-black/70 px-4 py-2 text-white ring-1 ring-white/40"
              >
                Suivante ›
              </button>
            </div>
          )}
        </dialog>
      )}
    </div>
  );
}

/** The photo's largest size (an uploaded photo's widest variant; any other address as it is). */
const largest = (src: string) => {
  const media = mediaSources(src);
  return media ? `/media/${media.id}/${media.widths.at(-1)}.webp` : src;
};
