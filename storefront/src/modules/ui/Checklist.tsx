/** What a service or a delivery option includes, each line ticked. Nothing when the list is empty. */
export function Checklist({ items, className = '' }: { items: readonly string[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={`space-y-1 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span className="text-green-600" aria-hidden="true">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
