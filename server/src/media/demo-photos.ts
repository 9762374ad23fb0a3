import fs from 'node:fs/promises';
import path from 'node:path';
import { type AnyResource, resources } from '@app/shared';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { recordsContaining, replaceIfUnchanged } from '../crud/repository';
import type { Database } from '../db/schema';
import type { Logger } from '../platform/context';
import { processImage, WEBP_WIDTHS } from './process';
import type { FileStore } from '../db/file-store';
import { mediaStore } from './store';

const DEMO_URL = /\/media\/demo\/([\w-]+\.svg)/g;
const LARGEST = WEBP_WIDTHS.at(-1)!;

/** Columns that hold one address (image) or a list of them (imageList). */
function imageColumns(registry: readonly AnyResource[]) {
  return registry.flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, field]) => field.kind === 'image' || field.kind === 'imageList')
      .map(([column]) => ({ resource, column })),
  );
}

/**
 * The demo content's illustrations are SVG files: each is drawn at 1280 px and goes through the
 * upload pipeline (WebP sizes, JPEG preview, stored in the database), and the records pointing to
 * the SVG get the photo's address, so a fresh shop shows srcset, thumbnails and link previews.
 *
 * Runs after the server starts listening (the shop answers meanwhile with the SVGs) and at every
 * start while a record still points to a demo SVG, so an interrupted run finishes later. Several
 * servers running it at once is harmless: the same file gives the same photo, saved once.
 * Returns how many records changed.
 */
export async function convertDemoPhotos(
  db: Kysely<Database>,
  {
    demoDir,
    files,
    invalidate,
    log,
    registry = resources,
  }: {
    demoDir: string;
    files: FileStore;
    invalidate: (deps: readonly string[]) => Promise<void>;
    log: Logger;
    registry?: readonly AnyResource[];
  },
): Promise<number> {
  const store = mediaStore(db, files, 1);
  const converted = new Map<string, string>();
  const photoOf = async (file: string) => {
    if (!converted.has(file)) {
      const svg = await fs.readFile(path.join(demoDir, file));
      const { width = LARGEST } = await sharp(svg).metadata();
      const raster = await sharp(svg, { density: (72 * LARGEST) / width })
        .png()
        .toBuffer();
      const image = await processImage(raster);
      await store.save(image);
      converted.set(file, `/media/${image.id}/${image.variants.filter((v) => v.contentType === 'image/webp').at(-1)!.name}`);
    }
    return converted.get(file)!;
  };

  let changed = 0;
  const touched = new Set<string>();
  for (const { resource, column } of imageColumns(registry)) {
    for (const row of await recordsContaining(db, resource, column, '/media/demo/')) {
      const before = JSON.stringify(row.value);
      const files = [...before.matchAll(DEMO_URL)].map((m) => m[1]!);
      let after = before;
      for (const file of files) {
        try {
          after = after.replaceAll(`/media/demo/${file}`, await photoOf(file));
        } catch (err) {
          log.warn({ err, file }, 'photos de démonstration : fichier ignoré');
        }
      }
      if (after === before) continue;
      // Unless the owner changed the picture meanwhile.
      if (!(await replaceIfUnchanged(db, resource, row.id, column, row.value, JSON.parse(after)))) continue;
      changed++;
      touched.add(resource.name);
    }
  }
  if (touched.size) await invalidate([...touched]);
  return changed;
}
