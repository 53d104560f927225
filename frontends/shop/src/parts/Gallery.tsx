import type { CatalogPicture } from '@bracelet/contracts/http';
import { useEffect, useRef, useState } from 'react';
import { useFirstPicture } from './first-picture';
import { Picture } from './Picture';

/**
 * The width a slide takes: the page's width less the container's 1rem margins under 768 px, a
 * column of the grid above. (With `100vw`, a 412 px phone at 1.75× asked for the 1080 px file.)
 */
const SLIDE_SIZES = '(max-width: 767px) calc(100vw - 2rem), 340px';

const smooth = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/**
 * A product's pictures in one colour (spec §2.9): under 768 px a carousel swiped with a finger
 * (scroll snapping), with thumbnails and 'n / total'; from 768 px, a two-column grid (CSS alone:
 * the same pictures, so nothing is loaded twice). The first picture is the page's LCP element:
 * the other pictures and the thumbnails are fetched once it has arrived, so on a slow connection
 * they do not share its bandwidth (until then they are boxes of the same size: nothing moves).
 */
export function Gallery({ pictures, alt }: { pictures: CatalogPicture[]; alt: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const first = useFirstPicture();
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
            {index === 0 || first.arrived ? (
              <Picture
                picture={picture}
                alt={`${alt}, photo ${index + 1}`}
                sizes={SLIDE_SIZES}
                priority={index === 0}
                onSettled={index === 0 ? first.settled : undefined}
              />
            ) : (
              <span className="picture-placeholder" role="img" aria-label={`${alt}, photo ${index + 1}`} />
            )}
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
                  {first.arrived ? (
                    <Picture picture={picture} alt="" sizes="56px" />
                  ) : (
                    <span className="picture-placeholder" aria-hidden="true" />
                  )}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
