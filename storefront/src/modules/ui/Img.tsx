import type { ImgHTMLAttributes } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  width: number;
  height: number;
  /** Above the fold: load at once; everything else waits until it scrolls into view. */
  eager?: boolean;
};

/** An image that always reserves its box (no layout shift) and loads lazily unless told otherwise. */
export function Img({ src, alt = '', width, height, eager = false, className = '', ...rest }: Props) {
  if (!src) return <div aria-hidden="true" className={`bg-slate-100 ${className}`} style={{ aspectRatio: `${width} / ${height}` }} />;
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`bg-slate-100 ${className}`}
      {...rest}
    />
  );
}
