import { mediaSources } from '@app/shared/format';
import type { ImgHTMLAttributes } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  width: number;
  height: number;
  /** Above the fold: load at once; everything else waits until it scrolls into view. */
  eager?: boolean;
};

/**
 * An image that always reserves its box (no layout shift) and loads lazily unless told otherwise.
 * An uploaded photo comes with its sizes (srcset): the phone downloads the one its screen needs,
 * by `sizes` (the width the layout gives the image; the whole screen if not said).
 */
export function Img({
  src,
  alt = '',
  width,
  height,
  eager = false,
  className = '',
  sizes = `(max-width: 640px) min(100vw, ${width}px), ${width}px`,
  ...rest
}: Props) {
  if (!src) return <div aria-hidden="true" className={`bg-slate-100 ${className}`} style={{ aspectRatio: `${width} / ${height}` }} />;
  const media = mediaSources(src);
  return (
    <img
      src={media?.src ?? src}
      {...(media ? { srcSet: media.srcset, sizes } : {})}
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      // A photo that cannot load (offline, never seen) leaves its grey box, not its alt text over it.
      className={`bg-slate-100 text-transparent ${className}`}
      {...rest}
    />
  );
}
