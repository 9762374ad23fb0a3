import { useEffect, useState } from 'react';

/**
 * True once the page is scrolled past `threshold` px; re-renders only when that flips.
 * Read after the page is on screen (an effect), never while rendering: reading the scroll
 * position during hydration forces the browser to lay the whole page out in the middle of it.
 */
export function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const check = () => setScrolled(window.scrollY > threshold);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [threshold]);
  return scrolled;
}
