import type { CatalogPicture } from '@bracelet/contracts/http';
import { useEffect, useRef, useState } from 'react';
import { Picture } from './Picture';

const smooth = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/**
 * A product's pictures in one colour (spec §2.9): under 768 px a carousel swiped with a finger
 * (scroll snapping), with thumbnails and 'n / total'; from 768 px, a two-column grid (CSS alone:
 * the same pictures, so nothing is loaded twice). The first picture is the page's LCP element.
 */
export function Gallery({ pictures, alt }: { pictures: CatalogPicture[]; alt: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const total = pictures.length;

  // Another colour: back to its first picture.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the pictures change.
  useEffect(() => {
    setCurrent(0);
    track.current?.scrollTo({ left: 0 });
  }, [pictures]);

  function onScroll() {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    setCurrent(Math.min(total - 1, Math.max(0, Math.round(element.scrollLeft / element.clientWidth))));
  }

  function show(index: number) {
    const element = track.current;
    setCurrent(index);
    element?.scrollTo({ left: index * element.clientWidth, behavior: smooth() });
  }

  if (total === 0) return <div className="gallery gallery--empty picture-placeholder" role="img" aria-label={alt} />;
  return (
    <section className="gallery" aria-label={`Photos : ${alt}`} aria-roledescription="carrousel">
      <div className="gallery__track" ref={track} onScroll={onScroll}>
        {pictures.map((picture, index) => (
          <div key={picture.src} className="gallery__slide">
            <Picture picture={picture} alt={`${alt}, photo ${index + 1}`} sizes="(max-width: 767px) 100vw, 340px" priority={index === 0} />
          </div>
        ))}
      </div>
      {total > 1 ? (
        <>
          <p className="gallery__counter" aria-live="polite">
            {current + 1} / {total}
          </p>
          <ul className="gallery__thumbs">
            {pictures.map((picture, index) => (
              <li key={picture.src}>
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-label={`Voir la photo ${index + 1}`}
                  aria-current={index === current ? 'true' : undefined}
                  onClick={() => show(index)}
                >
                  <Picture picture={picture} alt="" sizes="64px" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
