import { createHash } from 'node:crypto';
import sharp from 'sharp';

// Photos from phones: read the type from the bytes, refuse what is not an image we serve or is a
// decompression bomb, turn the picture upright (EXIF orientation), drop every metadata (phones
// write GPS positions), and make the few sizes the shop serves.

/** Widths of the WebP variants; the storefront's srcset lists those that exist. */
export const WEBP_WIDTHS = [320, 640, 960, 1280] as const;
/** The link-preview JPEG (WhatsApp, Facebook: og:image). */
export const PREVIEW_WIDTH = 1200;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 50 megapixels: any phone photo, not a 30,000 × 30,000 PNG that would take gigabytes to decode. */
export const MAX_PIXELS = 50_000_000;

export const FORMAT_MESSAGE =
  'Format non accepté : envoyez une photo JPEG, PNG, WebP, AVIF ou GIF (les photos HEIC de l’iPhone : choisissez « Le plus compatible » ou partagez-la en JPEG).';

export class MediaRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
  }
}

export interface Variant {
  name: string;
  contentType: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  id: string;
  width: number;
  height: number;
  variants: Variant[];
}

// Photos are processed one at a time, each pipeline after the other, with one libvips thread:
// libuv's four threads (static files, compression, bcrypt) and the second core stay with the
// shoppers while the owner uploads a batch of phone photos (tests/load/uploads.test.ts).
sharp.concurrency(1);
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}

async function formatOf(input: Buffer) {
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    return meta;
  } catch {
    throw new MediaRefused(FORMAT_MESSAGE, 415);
  }
}

export function processImage(input: Buffer): Promise<ProcessedImage> {
  return oneAtATime(() => processOne(input));
}

/** The photo's upright size, once it is known to be a picture we read and not a decompression bomb. */
async function checked(input: Buffer) {
  const meta = await formatOf(input);
  const accepted =
    meta.format === 'jpeg' ||
    meta.format === 'png' ||
    meta.format === 'webp' ||
    meta.format === 'gif' ||
    (meta.format === 'heif' && meta.compression === 'av1');
  if (!accepted) throw new MediaRefused(FORMAT_MESSAGE, 415);
  if (!meta.width || !meta.height) throw new MediaRefused(FORMAT_MESSAGE, 415);
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new MediaRefused(`Image trop grande : ${meta.width} × ${meta.height} pixels (50 millions de pixels au maximum).`, 413);
  }
  // Orientations 5 to 8 turn the picture a quarter: width and height swap once upright.
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  const width = quarterTurn ? meta.height : meta.width;
  const height = quarterTurn ? meta.width : meta.height;
  if (width < 16 || height < 16) throw new MediaRefused('Image trop petite : 16 pixels de côté au minimum.', 400);
  return { width, height, upright: sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate() };
}

/** The width of a customer's photo kept as evidence (a return): enough to see a crack or a serial number. */
export const EVIDENCE_WIDTH = 1280;

/** A customer's photo, upright, without its metadata (the GPS position), one JPEG of 1,280 pixels at most. */
export function processEvidence(input: Buffer): Promise<{ bytes: Buffer; width: number; height: number }> {
  return oneAtATime(async () => {
    const { upright } = await checked(input);
    try {
      const { data, info } = await upright
        .resize({ width: EVIDENCE_WIDTH, height: EVIDENCE_WIDTH, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 78, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height };
    } catch {
      throw new MediaRefused('Image illisible ou abîmée : réessayez avec une autre photo.', 400);
    }
  });
}

async function processOne(input: Buffer): Promise<ProcessedImage> {
  const { width, height, upright } = await checked(input);
  // Never enlarged: a small picture gets one variant at its own width.
  const sizes: number[] = WEBP_WIDTHS.filter((w) => w <= width);
  if (sizes.length === 0) sizes.push(width);
  try {
    // Decoded and turned upright once, at the largest size served; every variant is made from that.
    const largest = await upright
      .resize({ width: Math.max(...sizes, Math.min(PREVIEW_WIDTH, width)), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const from = () =>
      sharp(largest.data, { raw: { width: largest.info.width, height: largest.info.height, channels: largest.info.channels } });
    const variants: Variant[] = [];
    // Heights from the original's shape, not the decoded copy's rounded one.
    const box = (w: number) => ({ width: w, height: Math.max(1, Math.round((height * w) / width)), fit: 'fill' as const });
    for (const w of sizes) {
      const { data, info } = await from().resize(box(w)).webp({ quality: 78, effort: 3 }).toBuffer({ resolveWithObject: true });
      variants.push({ name: `${w}.webp`, contentType: 'image/webp', width: info.width, height: info.height, bytes: data });
    }
    const { data, info } = await from()
      .resize(box(Math.min(PREVIEW_WIDTH, width)))
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    variants.push({ name: `${PREVIEW_WIDTH}.jpg`, contentType: 'image/jpeg', width: info.width, height: info.height, bytes: data });
    const id = createHash('sha256').update(input).digest('hex').slice(0, 32);
    return { id, width, height, variants };
  } catch {
    throw new MediaRefused('Image illisible ou abîmée : réessayez avec une autre photo.', 400);
  }
}
