import { createContext, useContext, type ReactNode } from 'react';

/**
 * A card's title is one heading level below what it sits under: h3 in a home page section (h2),
 * h2 in a list right under the page's own title (<CardList>, <ListUnderTitle>). No level is skipped.
 */
const Level = createContext<'h2' | 'h3'>('h3');

export function ListUnderTitle({ children }: { children: ReactNode }) {
  return <Level.Provider value="h2">{children}</Level.Provider>;
}

/** A list page's records, one card each, right under its title. */
export function CardList<T extends { id: string }>({
  items,
  className,
  children,
}: {
  items: readonly T[] | undefined;
  className: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ListUnderTitle>
      <ul className={className}>
        {items?.map((item) => (
          <li key={item.id}>{children(item)}</li>
        ))}
      </ul>
    </ListUnderTitle>
  );
}

export function CardTitle({ className, children }: { className: string; children: ReactNode }) {
  const Heading = useContext(Level);
  return <Heading className={className}>{children}</Heading>;
}

/** A heading inside a card, one level below its title. */
export function CardSubtitle({ className, children }: { className: string; children: ReactNode }) {
  const Heading = useContext(Level) === 'h2' ? 'h3' : 'h4';
  return <Heading className={className}>{children}</Heading>;
}
