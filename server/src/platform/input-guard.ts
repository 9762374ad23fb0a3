// NUL and the other C0 controls (tab and line breaks aside) have no place in anything a person
// types; PostgreSQL refuses NUL in text outright. One check for every input of every procedure.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Values one input may hold: far above any form (a product is ~40), far below what would take the event loop long. */
export const MAX_INPUT_VALUES = 20_000;
export const TOO_COMPLEX = Symbol('too complex');

/** The path to the first string holding a control character, walked without copying paths. */
export function controlCharacterPath(root: unknown): string[] | null | typeof TOO_COMPLEX {
  let budget = MAX_INPUT_VALUES;
  const walk = (value: unknown, depth: number): string[] | null | typeof TOO_COMPLEX => {
    if (--budget < 0 || depth > 20) return TOO_COMPLEX;
    if (typeof value === 'string') return CONTROL.test(value) ? [] : null;
    if (!value || typeof value !== 'object') return null;
    for (const key in value) {
      if (CONTROL.test(key)) return ['_'];
      const found = walk((value as Record<string, unknown>)[key], depth + 1);
      if (found === TOO_COMPLEX) return found;
      if (found) return [key, ...found];
    }
    return null;
  };
  return walk(root, 0);
}
