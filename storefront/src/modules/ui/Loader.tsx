/**
 * The full-screen loader of three bouncing dots shown while a page's code loads (spec section 2).
 * It fades in only after 300 ms: a quick navigation never flashes it.
 */
export function Loader() {
  return (
    <div
      role="status"
      aria-label="Chargement..."
      className="fixed inset-0 z-40 flex animate-[appear_0s_300ms_both] items-center justify-center gap-2 bg-white/80"
    >
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="size-3 animate-bounce rounded-full bg-blue-700" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </div>
  );
}
