/**
 * The shop's catalogue, as the shop sells it: the spec's rope bracelet and the two models the
 * home page presents, one per range (rope, silver). `seed-catalogue` writes it into catalog's
 * tables and announces every product that changed (product.updated).
 */
export type CatalogueColour = { slug: string; name: string; hex: string };
export type CatalogueProduct = {
  code: string;
  slug: string;
  name: string;
  range: 'corde' | 'argent';
  priceCents: number;
  shortDescription: string;
  description: string;
  caracteristics: string[];
  /** Colour slugs, in the order the shop shows them; the first is the default. */
  colours: string[];
};

export const catalogueColours: CatalogueColour[] = [
  { slug: 'bleu', name: 'Bleu marine', hex: '#1F3A5F' },
  { slug: 'orange', name: 'Orange', hex: '#E8772E' },
  { slug: 'sable', name: 'Sable', hex: '#D8C3A0' },
  { slug: 'argent', name: 'Argent', hex: '#C0C4C8' },
];

export const catalogueProducts: CatalogueProduct[] = [
  {
    code: 'BRACELET_CORDE',
    slug: 'bracelet-corde',
    name: 'Bracelet en corde',
    range: 'corde',
    priceCents: 3999,
    shortDescription: 'Le bracelet en corde tressée qui porte le QR code de votre enfant, pour les sorties du quotidien.',
    description:
      "Souple et léger, ce bracelet en corde tressée se règle au poignet de l'enfant grâce à son nœud coulissant. Sa plaque porte un QR code unique : la personne qui trouve votre enfant le scanne avec son téléphone, voit qui appeler et vous prévient aussitôt. Aucune application à installer, aucune pile à recharger.",
    caracteristics: [
      'Corde en polyester recyclé, tressée en France',
      'Plaque gravée au laser, QR code résistant à l’eau',
      'Tour de poignet réglable de 12 à 18 cm',
      'Convient dès 3 ans',
      'Lavable à la main, séchage rapide',
    ],
    colours: ['bleu', 'orange', 'sable'],
  },
  {
    code: 'TAORA',
    slug: 'taora',
    name: 'Taora — bracelet en corde',
    range: 'corde',
    priceCents: 3999,
    shortDescription: 'Notre modèle en corde pour les petits aventuriers : coloré, robuste et toujours au poignet.',
    description:
      'Taora accompagne les journées les plus remplies : parc, plage, sortie scolaire. Sa corde épaisse résiste aux jeux et aux lavages, son fermoir coulissant ne se défait pas tout seul. Au dos de la plaque, le QR code relie le bracelet au profil de votre enfant, que vous modifiez à tout moment depuis votre espace.',
    caracteristics: [
      'Corde épaisse en polyester recyclé',
      'Fermoir coulissant anti-ouverture',
      'Tour de poignet réglable de 12 à 18 cm',
      'Plaque gravée au laser, QR code résistant à l’eau',
      'Fabriqué en France',
    ],
    colours: ['bleu', 'orange', 'sable'],
  },
  {
    code: 'AROHA',
    slug: 'aroha',
    name: 'Aroha — bracelet en argent',
    range: 'argent',
    priceCents: 7900,
    shortDescription: 'Un bracelet en argent massif, discret et élégant, qui protège sans se faire remarquer.',
    description:
      "Aroha est une fine gourmette en argent 925 dont la plaque porte, gravé au dos, le QR code de votre enfant. Il se porte tous les jours, au bain comme à l'école, et grandit avec lui grâce à sa chaîne rallongeable. Le même service qu'avec nos bracelets en corde : la personne qui le scanne voit qui appeler et vous prévient.",
    caracteristics: [
      'Argent 925 massif, sans nickel',
      'Chaîne rallongeable de 13 à 16 cm',
      'QR code gravé au laser au dos de la plaque',
      'Convient dès 4 ans',
      'Livré dans un écrin en carton recyclé',
    ],
    colours: ['argent'],
  },
];
