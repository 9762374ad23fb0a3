// Addresses of uploaded photos: /media/<hash>/<width>.webp names the largest WebP variant stored;
// every standard width below it exists too (variants are made at 320, 640, 960 and 1280 px, never
// enlarged), so the storefront derives the srcset from the address alone.

export const MEDIA_WIDTHS = [320, 640, 960, 1280] as const;
const MEDIA_URL = /^\/media\/(?<id>[0-9a-f]{32})\/(?<largest>\d{2,4})\.webp$/;

/** The widths an uploaded photo exists in, its src and srcset and its link-preview JPEG; null for any other address. */
export function mediaSources(
  url: string | null | undefined,
): { id: string; widths: number[]; src: string; srcset: string; preview: string } | null {
  const { id, largest } = (url && MEDIA_URL.exec(url)?.groups) || {};
  if (!id || !largest) return null;
  const max = Number(largest);
  const widths = [...MEDIA_WIDTHS.filter((w) => w < max), max];
  const at = (w: number) => `/media/${id}/${w}.webp`;
  return {
    id,
    widths,
    // Without srcset support: a size that suits a phone.
    src: at(widths.filter((w) => w <= 640).at(-1) ?? widths[0]!),
    srcset: widths.map((w) => `${at(w)} ${w}w`).join(', '),
    preview: `/media/${id}/1200.jpg`,
  };
}
