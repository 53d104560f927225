import type { CatalogProduct } from '@bracelet/contracts/http';
import { centsOf, formatEuros } from '@bracelet/ui';
import { Link } from 'react-router-dom';
import { picturesOf } from '../catalogue';
import { ContentStyles } from '../content-styles';
import { CatalogueLoader } from '../parts/CatalogueLoader';
import { useFirstPicture } from '../parts/first-picture';
import { Picture } from '../parts/Picture';
import { useTitle } from '../parts/page';

/** The two models the home page presents, in this order. */
const MODELS = ['TAORA', 'AROHA'] as const;

/**
 * The width of a model's picture: the page less the section's and the card's margins and borders
 * under 768 px (with `100vw`, a 412 px phone at 1.75× asked for the 1080 px file), a column above.
 */
const MODEL_PICTURE_SIZES = '(max-width: 767px) calc(100vw - 4rem - 2px), 520px';

/** What parents tell us: examples of testimonials, first names only. */
const REVIEWS = [
  {
    name: 'Claire, maman de Léo (5 ans)',
    text: 'Au marché de Noël, Léo a lâché ma main. Une dame a scanné son bracelet et m’a appelée deux minutes plus tard. Je ne sors plus sans.',
  },
  {
    name: 'Mehdi, papa d’Inès et de Sami',
    text: 'Le profil se remplit en cinq minutes depuis le téléphone, et je change le numéro à appeler quand ce sont les grands-parents qui les gardent.',
  },
  {
    name: 'Sophie, maman d’Emma (7 ans)',
    text: 'Emma porte le modèle en corde tous les jours, même à la piscine : il ne s’est jamais défait et elle le trouve joli.',
  },
];

/** / (spec §2.5): the slogan, what the bracelet does, our two models and what parents say. */
export default function HomePage() {
  useTitle('Bracelet QR pour enfants');
  return (
    <>
      <ContentStyles />
      <section className="home-section home-hero" aria-labelledby="home-title">
        <h1 id="home-title" className="home-hero__slogan">
          Grandir. Explorer. Protéger.
        </h1>
        <p className="home-hero__text">
          Un bracelet à QR code pour que la personne qui trouve votre enfant puisse vous joindre en un instant. Elle scanne le bracelet avec
          son téléphone, sans application : elle voit qui appeler, et vous recevez un e-mail avec la position du scan.
        </p>
        <Link to="/how-it-works" className="btn btn--secondary">
          Comment ça marche ?
        </Link>
      </section>

      <section className="home-section" aria-labelledby="models-title">
        <h2 id="models-title">Nos modèles</h2>
        <CatalogueLoader placeholder={<ModelCardsPlaceholder />}>{(products) => <ModelCards products={products} />}</CatalogueLoader>
      </section>

      <section className="home-section" aria-labelledby="reviews-title">
        <h2 id="reviews-title">Ce que disent les parents</h2>
        <p className="muted">Quelques exemples de ce que des parents nous racontent.</p>
        <ul className="review-list">
          {REVIEWS.map((review) => (
            <li key={review.name} className="review">
              <figure>
                <blockquote>
                  <p>« {review.text} »</p>
                </blockquote>
                <figcaption>{review.name}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function ModelCards({ products }: { products: CatalogProduct[] }) {
  const models = MODELS.map((code) => products.find((product) => product.code === code)).filter(
    (product): product is CatalogProduct => product !== undefined,
  );
  const first = useFirstPicture();
  if (models.length === 0) return <p className="muted">Nos bracelets reviennent très bientôt.</p>;
  return (
    <ul className="model-cards">
      {models.map((product, index) => (
        <li key={product.code} className="model-card">
          <Link to={`/product/${encodeURIComponent(product.code)}`}>
            {index === 0 || first.arrived ? (
              <Picture
                picture={picturesOf(product, product.colors[0])[0]}
                alt=""
                sizes={MODEL_PICTURE_SIZES}
                priority={index === 0}
                onSettled={index === 0 ? first.settled : undefined}
              />
            ) : (
              <span className="picture-placeholder" />
            )}
            <h3 className="model-card__name">{product.name}</h3>
            <p>{product.short_description}</p>
            <span className="model-card__price">{formatEuros(centsOf(product.price))}</span>{' '}
            <span className="model-card__cta">Découvrir</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The two cards' boxes while the catalogue loads (the picture's 4:5 box, the name, the text, the
 * price): the parents' words below stay where they are when the cards arrive (CLS 0.13 on a phone
 * with a one-line loading indicator instead).
 */
function ModelCardsPlaceholder() {
  return (
    <ul className="model-cards" aria-hidden="true">
      {MODELS.map((code) => (
        <li key={code} className="model-card">
          <span className="picture-placeholder" />
          <span style={{ display: 'block', minHeight: '10.5rem' }} />
        </li>
      ))}
    </ul>
  );
}
