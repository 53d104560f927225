import { useEffect, useState } from 'react';

const messages = [
  'Livraison offerte dès 70 € d’achat',
  'Précommandes livrées avant le 12/09/2025',
  'Produit éco-conçu et fabriqué en France',
];

/** The shop banner: one message at a time, sliding every 5000 ms over 700 ms (spec §1). */
export function Banner() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((current) => (current + 1) % messages.length), 5000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="banner" aria-live="off">
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
