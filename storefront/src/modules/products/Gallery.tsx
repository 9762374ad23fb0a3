import { useState } from 'react';
import { Img } from '../ui/Img';

export function Gallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <div>
      <Img
        src={current}
        alt={name}
        width={800}
        height={600}
        eager
        sizes="(min-width: 768px) 50vw, 100vw"
        className="aspect-[4/3] w-full rounded-xl border border-slate-200 object-cover"
      />
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
    </div>
  );
}
