import { useEffect, useState } from 'react';

const messages = [
  'Livraison offerte dès 70 € d’achat',
  'Précommandes livrées avant le 12/09/2025',
  'Produit éco-conçu et fabriqué en France',
];
const ROTATION_MS = 5000;

/**
 * The shop banner: one message at a time, the next one sliding in every 5000 ms over 700 ms (spec
 * §1; the slide is CSS). Under prefers-reduced-motion nothing slides: the message changes in place.
 * Hovering or focusing it pauses the rotation, so it can be read (WCAG 2.2.2).
 */
export function Banner() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % messages.length), ROTATION_MS);
    return () => clearInterval(timer);
  }, [paused]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing on hover is a courtesy; the messages are not controls.
    <div
      className="banner"
      aria-live="off"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="banner__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {messages.map((message, position) => (
          <p key={message} className="banner__item" aria-hidden={position !== index} style={{ margin: 0 }}>
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}
