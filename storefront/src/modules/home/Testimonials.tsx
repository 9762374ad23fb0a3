import { useQuery } from '@tanstack/react-query';
import { card } from '../ui/buttons';
import { Img } from '../ui/Img';
import { api, queries } from '../../lib/queries';

export function Testimonials() {
  const { data } = useQuery(queries.testimonials(api));
  if (!data?.rows.length) return null;
  return (
    <section
      aria-labelledby="testimonials"
      className="mx-auto max-w-6xl px-4 py-8 [contain-intrinsic-size:auto_900px] [content-visibility:auto]"
    >
      <h2 id="testimonials" className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">
        Ils nous font confiance
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {data.rows.map((t) => (
          <li key={t.id} className={`${card} p-4`}>
            <p className="text-amber-500" role="img" aria-label={`Note : ${t.rating} sur 5`}>
              {'★'.repeat(t.rating)}
              <span className="text-slate-300">{'★'.repeat(5 - t.rating)}</span>
            </p>
            <blockquote className="mt-2 text-sm text-slate-700">« {t.content} »</blockquote>
            <div className="mt-3 flex items-center gap-3">
              <Img src={t.image} alt="" width={40} height={40} className="size-10 rounded-full" />
              <p className="text-sm">
                <span className="font-semibold text-slate-900">{t.name}</span>
                <span className="block text-slate-500">{t.role}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
