import { type AnyField, type AnyResource, brokenCheck, gtinCheckDigit } from '@app/shared';
import type { z } from 'zod';

let counter = 0;

/** A valid value for any field kind; `marker` makes text searchable and unique. */
export function sampleValue(field: AnyField, marker = `m${++counter}x${Date.now().toString(36)}`): unknown {
  switch (field.kind) {
    case 'text':
      // A shaped text (a promo code): letters and digits of the marker, which such shapes accept.
      return (field.pattern ? `X${marker.replace(/[^A-Za-z0-9]/g, '')}` : `Texte ${marker}`).slice(0, field.max ?? 200);
    case 'longText':
      return `Un texte plus long pour ${marker}.`;
    case 'html':
      return `<p>Contenu <strong>${marker}</strong></p>`;
    case 'slug':
      return `slug-${marker.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
    case 'url':
      return `https://exemple.example/${marker}`;
    case 'image':
      return `/media/demo/${marker}.svg`;
    case 'imageList':
      return [`/media/demo/${marker}.svg`];
    case 'money':
      return 12500.5;
    case 'integer':
      return 7;
    case 'rating':
      return 4;
    case 'boolean':
      return true;
    case 'enum':
      return Object.keys(field.options ?? {}).at(-1);
    case 'date':
      return '2026-03-15';
    case 'datetime':
      return '2026-03-15T10:30:00.000Z';
    case 'stringList':
      return [`Premier ${marker}`, `Second ${marker}`];
    case 'email':
      return `${marker.toLowerCase()}@exemple.example`;
    case 'phone':
      return `+229 01 ${String(++counter % 100).padStart(2, '0')} 00 00 00`;
    case 'barcode': {
      // An EAN-13 of the in-store range (2…), different each time.
      const body = `20${String(++counter).padStart(4, '0')}${String(Date.now()).slice(-6)}`;
      return `${body}${gtinCheckDigit(body)}`;
    }
    case 'json':
      return null;
    case 'reference':
      // An id of a record that exists: createRow makes one (a session's training) and passes it.
      return undefined;
  }
}

/** A complete, valid create input for a resource. */
export function sampleInput<R extends AnyResource>(resource: R, marker?: string): z.input<R['createSchema']> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.readOnly || field.kind === 'reference') continue;
    out[key] = sampleValue(field, marker);
  }
  // A rule across fields the samples break (a "prix barré" equal to the price): leave out its optional
  // fields, or let those with a default take it (a count "of a supplier's articles" without the supplier).
  for (let broken = brokenCheck(resource, out); broken; broken = brokenCheck(resource, out)) {
    const optional = broken.fields.filter((key) => (resource.fields[key]?.optional || resource.fields[key]?.hasDefault) && key in out);
    if (optional.length === 0) throw new Error(`${resource.name}: the samples break "${broken.message}"`);
    for (const key of optional) delete out[key];
  }
  return out as z.input<R['createSchema']>;
}

/** A required field that an update can change (a text, else a number), and a new value for it. */
export function editableTextField(resource: AnyResource): [string, string | number] {
  const editable = Object.entries(resource.fields).filter(([, f]) => !f.readOnly && !f.optional && !f.pattern);
  const entry = editable.find(([, f]) => ['text', 'longText', 'email'].includes(f.kind)) ?? editable.find(([, f]) => f.kind === 'integer');
  if (!entry) throw new Error(`${resource.name} has no editable text or number field`);
  return [entry[0], entry[1].kind === 'email' ? 'modifie@exemple.example' : entry[1].kind === 'integer' ? 9 : 'Valeur modifiée'];
}

/**
 * A published article whose HTML carries a script, an event handler and a javascript: link,
 * written straight into the table (skipping the server's sanitizer on write), to prove that the
 * pages clean what they render. Its visible text is "Texte visible et sûr.".
 */
export async function insertTrappedPost(db: import('kysely').Kysely<import('../../server/src/db/schema').Database>, slug: string) {
  await db
    .insertInto('blogPosts')
    .values({
      title: `Article piégé ${slug}`,
      slug,
      excerpt: 'Un article de test.',
      content:
        '<p>Texte visible et sûr.</p><script>window.__pwned = "script"</script><img src="x" onerror="window.__pwned = \'img\'"><a href="javascript:window.__pwned=1">lien</a>',
      author: 'Test',
      date: '2026-01-01',
      published: true,
    })
    .execute();
}
