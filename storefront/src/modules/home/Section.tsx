import type { ReactNode } from 'react';

export function Section({
  id,
  title,
  more,
  empty = false,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  /** Loaded and nothing to show (a new shop): no heading over an empty space. */
  empty?: boolean;
  children: ReactNode;
}) {
  if (empty) return null;
  return (
    // Off-screen sections skip layout and paint until scrolled near (content-visibility), which
    // shortens the main-thread work of the first render on slow phones.
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-8 [contain-intrinsic-size:auto_900px] [content-visibility:auto]">
      <div className="mb-4 flex items-end justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-slate-900 sm:text-2xl">
          {title}
        </h2>
        {more && (
          <a href={more.to} className="shrink-0 text-sm font-semibold text-blue-700 hover:underline">
            {more.label} →
          </a>
        )}
      </div>
      {children}
    </section>
  );
}
