import type { CatalogPicture } from '@bracelet/contracts/http';

/** Catalog's pictures are 4:5; a picture known only by its address is drawn at that size too. */
const DEFAULT_SIZE = { width: 720, height: 900 };

type PictureProps = {
  /** The catalogue's picture (AVIF and WebP srcsets); without it, `src` alone. */
  picture?: CatalogPicture | undefined;
  src?: string;
  alt: string;
  /** The width the picture takes in the layout, for the browser to choose a file. */
  sizes: string;
  /** The page's main picture (its LCP element): loaded at once, first. Others wait to be near the screen. */
  priority?: boolean;
  className?: string;
  /** Called once the file has arrived (or failed to): a gallery waits for its first picture before fetching the others. */
  onSettled?: () => void;
};

/** A product picture: AVIF, else WebP, in the width the layout needs; its size is known, so nothing moves when it arrives. */
export function Picture({ picture, src, alt, sizes, priority = false, className, onSettled }: PictureProps) {
  const source = picture?.src ?? src;
  const { width, height } = picture ?? DEFAULT_SIZE;
  if (!source) {
    const classes = `picture-placeholder ${className ?? ''}`;
    return alt ? <span className={classes} role="img" aria-label={alt} /> : <span className={classes} aria-hidden="true" />;
  }
  return (
    <picture className={className}>
      {picture ? <source type="image/avif" srcSet={picture.srcset_avif} sizes={sizes} /> : null}
      {picture ? <source type="image/webp" srcSet={picture.srcset_webp} sizes={sizes} /> : null}
      <img
        src={source}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? 'sync' : 'async'}
        onLoad={onSettled}
        onError={onSettled}
      />
    </picture>
  );
}
