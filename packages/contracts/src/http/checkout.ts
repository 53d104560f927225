import { z } from 'zod';

/**
 * POST /create-payment-intent (spec §7, §3 Checkout form) and the payment calls around it. The
 * server prices the order itself: the amounts a client sends are read and ignored, `parent_id` is
 * taken from the session, and the answer says what is actually charged.
 */

const requiredText = (label: string, max = 100) =>
  z
    .string({ message: `${label} est obligatoire.` })
    .trim()
    .min(1, { message: `${label} est obligatoire.` })
    .max(max, { message: `${label} est trop long.` });

/** A cart line as the shop sends it (spec §3 Cart line); only code, colour and quantity are read. */
export const checkoutItemSchema = z.object({
  code: z.string({ message: 'Le produit est obligatoire.' }).trim().min(1, { message: 'Le produit est obligatoire.' }).max(40),
  name: z.string().max(200).optional(),
  image: z.string().max(2000).optional(),
  color: z.string({ message: 'La couleur est obligatoire.' }).trim().min(1, { message: 'La couleur est obligatoire.' }).max(60),
  // Any number: the server says which line is outside 1 to 20 (`items.N`), in words the buyer reads.
  quantity: z.number({ message: 'La quantité doit être un nombre.' }),
  price: z.number().optional(),
});

/** The buyer (spec §7 `customer`, §3 Checkout form); the phone is the form's `telephone`, optional in the call. */
export const checkoutCustomerSchema = z.object({
  first_name: requiredText('Le prénom'),
  last_name: requiredText('Le nom'),
  email: z
    .string({ message: "L'adresse e-mail est obligatoire." })
    .trim()
    .max(254, { message: 'Adresse e-mail trop longue.' })
    .pipe(z.email({ message: 'Adresse e-mail invalide.' })),
  phone: z.string().trim().max(32, { message: 'Numéro de téléphone trop long.' }).nullish(),
  address: requiredText("L'adresse", 200),
  city: requiredText('La ville'),
  postal_code: z
    .string({ message: 'Le code postal est obligatoire.' })
    .trim()
    .regex(/^[0-9A-Za-z -]{3,10}$/, { message: 'Code postal invalide.' }),
  country: requiredText('Le pays', 60).default('France'),
});

/** A relay point as the picker gives it (spec §3 Relay point). */
export const relayPointSchema = z.object({
  ID: requiredText('Le point relais', 20),
  Nom: requiredText('Le nom du point relais', 120),
  Adresse1: requiredText("L'adresse du point relais", 200),
  CP: z
    .string({ message: 'Code postal du point relais invalide.' })
    .trim()
    .regex(/^[0-9A-Za-z -]{3,10}$/, {
      message: 'Code postal du point relais invalide.',
    }),
  Ville: requiredText('La ville du point relais'),
  Pays: z.string().trim().max(2).optional(),
});

export const shippingMethods = ['laposte', 'mondialrelay'] as const;
export const homeDeliveryOptions = ['standard', 'express'] as const;

/** The spec's payload, exactly as its shop sends it. */
export const createPaymentIntentRequestSchema = z
  .object({
    /** Ignored: the server prices the order. */
    order_amount: z.number().nullish(),
    shipping_amount: z.number().nullish(),
    total_amount: z.number().nullish(),
    items: z.array(checkoutItemSchema, { message: 'Le panier est obligatoire.' }).min(1, { message: 'Le panier est vide.' }).max(50, {
      message: 'Le panier contient trop de lignes.',
    }),
    /** Ignored: the session says who buys (anonymous checkout is allowed). */
    parent_id: z.string().max(100).nullish(),
    /** Home delivery's option (laposte): standard (default) or express. */
    delivery_option: z.enum(homeDeliveryOptions, { message: 'Option de livraison inconnue.' }).nullish(),
    shipping_method: z.enum(shippingMethods, { message: 'Mode de livraison inconnu.' }).default('laposte'),
    relay_point: relayPointSchema.nullish(),
    customer: checkoutCustomerSchema,
  })
  .superRefine((body, context) => {
    if (body.shipping_method === 'mondialrelay' && !body.relay_point) {
      context.addIssue({ code: 'custom', path: ['relay_point'], message: 'Veuillez choisir un point relais.' });
    }
  });
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;

const amountsSchema = z.object({ goods: z.number().int(), shipping: z.number().int(), total: z.number().int() });

/** What is charged, in euros (numbers, 2 decimals) and cents, and what the page needs to pay it. */
export const createPaymentIntentResponseSchema = z.object({
  client_secret: z.string(),
  payment_intent: z.string(),
  order_id: z.uuid(),
  order_number: z.string(),
  currency: z.literal('eur'),
  order_amount: z.number(),
  shipping_amount: z.number(),
  total_amount: z.number(),
  amounts_cents: amountsSchema,
  delivery: z.enum(['standard', 'express', 'relay']),
  lines: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      color: z.string(),
      quantity: z.number().int(),
      unit_price: z.number(),
      total: z.number(),
    }),
  ),
  /** How the page pays: Stripe Elements, or the simulated test card form. */
  mode: z.enum(['stripe', 'simulated']),
  publishable_key: z.string(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** GET /checkout/config: how the payment step works here. */
export const checkoutConfigResponseSchema = z.object({
  mode: z.enum(['stripe', 'simulated']),
  publishable_key: z.string(),
  /** The simulated mode's test cards, for the page's labelled test form (empty with real Stripe). */
  test_cards: z.array(z.object({ number: z.string(), payment_method: z.string(), label: z.string() })),
});
export type CheckoutConfigResponse = z.infer<typeof checkoutConfigResponseSchema>;

/** POST /payments/simulated/confirm (simulated mode only): the test card form's confirmation. */
export const simulatedConfirmRequestSchema = z.object({
  payment_intent: z.string().regex(/^pi_[A-Za-z0-9]{1,64}$/, { message: 'Paiement inconnu.' }),
  client_secret: z.string().min(1).max(200),
  payment_method: z.enum(['pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_threeDSecure2Required'], {
    message: 'Carte de test inconnue.',
  }),
  /** Where the 3-D Secure page sends the buyer back (our own /success). */
  return_url: z.string().max(2000).optional(),
});
export type SimulatedConfirmRequest = z.infer<typeof simulatedConfirmRequestSchema>;

/** A PaymentIntent as the page needs it after a confirmation (Stripe.js's `paymentIntent`, the subset read). */
export const paymentIntentStateSchema = z.object({
  id: z.string(),
  status: z.string(),
  next_action: z.object({ type: z.literal('redirect_to_url'), redirect_to_url: z.object({ url: z.string() }) }).nullable(),
});
export type PaymentIntentState = z.infer<typeof paymentIntentStateSchema>;
export const simulatedConfirmResponseSchema = z.object({ payment_intent: paymentIntentStateSchema });
export type SimulatedConfirmResponse = z.infer<typeof simulatedConfirmResponseSchema>;

/** GET /checkout/orders/{id}/status: what /success shows while the webhook has not landed, then once it has. */
export const orderStatusResponseSchema = z.object({
  order_id: z.uuid(),
  order_number: z.string(),
  /** awaiting_payment until Stripe's webhook lands; paid (or prepared, shipped) after; payment_mismatch for staff. */
  status: z.enum(['awaiting_payment', 'paid', 'payment_mismatch', 'prepared', 'shipped']),
  paid: z.boolean(),
  /** The last declined attempt, in French, while the order is unpaid. */
  payment_error: z.string().nullable(),
  invoice_number: z.string().nullable(),
  total_amount: z.number(),
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/** POST /stripe/webhook's answer to Stripe. */
export const webhookResponseSchema = z.object({ received: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Relay-point search (issue 11 item 5, spec §2.12, §3 Relay point): GET /relay_points, which
// feeds the shop's own picker instead of the carrier's third-party widget.
// ---------------------------------------------------------------------------------------------

/** The countries the picker searches in, and the shape of their postcodes. */
export const relayPointCountries = ['FR', 'BE', 'LU'] as const;
export type RelayPointCountry = (typeof relayPointCountries)[number];
const relayPostcodePatterns: Record<RelayPointCountry, { pattern: RegExp; message: string }> = {
  FR: { pattern: /^[0-9]{5}$/, message: 'Code postal invalide : 5 chiffres attendus.' },
  BE: { pattern: /^[1-9][0-9]{3}$/, message: 'Code postal invalide : 4 chiffres attendus.' },
  LU: { pattern: /^[0-9]{4}$/, message: 'Code postal invalide : 4 chiffres attendus.' },
};

/** GET /relay_points?postcode=75001&country=FR — country defaults to FR (the widget's default). */
export const relayPointsQuerySchema = z
  .object({
    postcode: z
      .string({ message: 'Le code postal est obligatoire.' })
      .trim()
      .min(1, { message: 'Le code postal est obligatoire.' })
      .max(10, { message: 'Code postal invalide.' }),
    country: z
      .string({ message: 'Pays invalide.' })
      .trim()
      .toUpperCase()
      .default('FR')
      .pipe(z.enum(relayPointCountries, { message: 'Pays non desservi : France (FR), Belgique (BE) ou Luxembourg (LU).' })),
  })
  .superRefine((query, context) => {
    // The shape depends on the country: checked once both are known (an empty one is already reported).
    const { pattern, message } = relayPostcodePatterns[query.country];
    if (query.postcode !== '' && !pattern.test(query.postcode)) context.addIssue({ code: 'custom', path: ['postcode'], message });
  });
export type RelayPointsQuery = z.input<typeof relayPointsQuerySchema>;

export const relayPointWeekDays = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'] as const;

/** One day's opening: 'Fermé', or one or two ranges such as '09:00-12:00 14:00-19:00'. */
export const relayPointOpeningSchema = z.object({ jour: z.enum(relayPointWeekDays), heures: z.string() });

/** A relay point as the picker shows it: the spec's fields (§3), plus country, distance and hours. */
export const relayPointResultSchema = z.object({
  ID: z.string(),
  Nom: z.string(),
  Adresse1: z.string(),
  CP: z.string(),
  Ville: z.string(),
  Pays: z.string(),
  /** From the searched postcode, in metres. */
  distance_m: z.number().int().min(0),
  /** Monday to Sunday, in that order. */
  horaires: z.array(relayPointOpeningSchema).length(7),
});
export type RelayPointResult = z.infer<typeof relayPointResultSchema>;

/** Up to 7 points (spec §9), nearest first; empty where no point is known. */
export const relayPointsResponseSchema = z.array(relayPointResultSchema).max(7);
export type RelayPointsResponse = z.infer<typeof relayPointsResponseSchema>;

/*
 * The withdrawal button (EU directive 2023/2673): no account needed; the answer is the same whether
 * the order exists or not (the acknowledgment goes to the order's own address).
 */
export const withdrawalRequestSchema = z.object({
  name: requiredText('Votre nom', 120),
  order_number: z
    .string({ message: 'Le numéro de commande est obligatoire.' })
    .trim()
    .min(1, { message: 'Le numéro de commande est obligatoire.' })
    .max(20, { message: 'Numéro de commande invalide.' })
    .regex(/^[A-Za-z]{2}-?\d{1,10}$/, { message: 'Numéro de commande invalide (par exemple BQ-001234).' }),
  email: z
    .string({ message: "L'adresse e-mail est obligatoire." })
    .trim()
    .max(254, { message: 'Adresse e-mail trop longue.' })
    .pipe(z.email({ message: 'Adresse e-mail invalide.' })),
});
export type WithdrawalRequestBody = z.input<typeof withdrawalRequestSchema>;
export const withdrawalResponseSchema = z.object({ message: z.string() });
export type WithdrawalResponse = z.infer<typeof withdrawalResponseSchema>;
