import type { CatalogPicture } from '@bracelet/contracts/http';
import { useEffect, useState } from 'react';
import { Picture } from './Picture';

type Slide = { picture?: CatalogPicture; src: string };

/**
 * The product-by-code page's pictures (spec §2.10): one at a time, previous and next arrows that
 * wrap around, and a dot per picture. The first picture is the page's LCP element.
 */
export function Carousel({ slides, alt }: { slides: Slide[]; alt: string }) {
  const [current, setCurrent] = useState(0);
  const total = slides.length;
  // Another colour: back to its first picture.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the pictures change.
  useEffect(() => setCurrent(0), [slides]);
  const slide = slides[Math.min(current, total - 1)];
  const go = (step: number) => setCurrent((index) => (index + step + total) % total);

  return (
    <section className="carousel" aria-label={`Photos : ${alt}`} aria-roledescription="carrousel">
      <div className="carousel__frame">
        {slide ? (
          <Picture
            key={slide.src}
            picture={slide.picture}
            src={slide.src}
            alt={`${alt}, photo ${current + 1} sur ${total}`}
            sizes="(max-width: 767px) calc(100vw - 2rem), 640px"
            priority={current === 0}
          />
        ) : (
          <span className="picture-placeholder" role="img" aria-label={alt} />
        )}
        {total > 1 ? (
          <>
            <button
              type="button"
              className="carousel__arrow carousel__arrow--previous"
              aria-label="Photo précédente"
              onClick={() => go(-1)}
            >
              ‹
            </button>
            <button type="button" className="carousel__arrow carousel__arrow--next" aria-label="Photo suivante" onClick={() => go(1)}>
              ›
            </button>
          </>
        ) : null}
      </div>
      {total > 1 ? (
        <ul className="carousel__dots">
          {slides.map((item, index) => (
            <li key={item.src}>
              <button
                type="button"
                className="carousel__dot"
                aria-label={`Voir la photo ${index + 1}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => setCurrent(index)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
