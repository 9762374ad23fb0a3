/**
 * Text people type, kept honest: the explicit bidirectional controls (embeddings, overrides,
 * isolates: U+202A–U+202E, U+2066–U+2069) that make a name read backwards or hide what follows are
 * removed, and the invisible characters at either end (spaces, zero-width ones, marks) trimmed, so
 * a name, a reason or a subject made of them alone is empty, and refused as such.
 */
export function visibleText(text: string): string {
  return text.replace(/[\u202A-\u202E\u2066-\u2069]/g, '').replace(/^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu, '');
}
