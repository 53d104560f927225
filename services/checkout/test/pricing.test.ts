import { createEvent } from '@bracelet/contracts';
import { buildServiceForTest, runHandler } from '@bracelet/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { createPriceListRepository, type PricedProduct } from '../src/db/price-list.repository.js';
import { checkoutEventHandlers } from '../src/events/handlers.js';
import { priceOrder, UnsellableLineError } from '../src/pricing.js';

const rope: PricedProduct = {
  code: 'BRACELET_CORDE',
  productName: 'Bracelet en corde',
  unitPriceCents: 3999,
  colours: [
    { slug: 'bleu', name: 'Bleu marine' },
    { slug: 'orange', name: 'Orange' },
  ],
  active: true,
};
const priceList = new Map([[rope.code, rope]]);

describe('the server prices an order', () => {
  it('prices each line from its own list, the colour given by name or slug', () => {
    const order = priceOrder(priceList, [{ code: 'BRACELET_CORDE', color: 'Bleu marine', quantity: 1 }], 'standard');
    expect(order).toEqual({
      lines: [
        {
          code: 'BRACELET_CORDE',
          productName: 'Bracelet en corde',
          colourSlug: 'bleu',
          colourName: 'Bleu marine',
          quantity: 1,
          unitPriceCents: 3999,
          totalCents: 3999,
        },
      ],
      goodsCents: 3999,
      shippingCents: 590,
      totalCents: 4589,
    });
    expect(priceOrder(priceList, [{ code: 'BRACELET_CORDE', color: 'orange', quantity: 1 }], 'relay').shippingCents).toBe(390);
  });

  it('ships standard and relay free from 70 € of goods, express never', () => {
    const two = [{ code: 'BRACELET_CORDE', color: 'bleu', quantity: 2 }];
    expect(priceOrder(priceList, two, 'standard')).toMatchObject({ goodsCents: 7998, shippingCents: 0, totalCents: 7998 });
    expect(priceOrder(priceList, two, 'relay').shippingCents).toBe(0);
    expect(priceOrder(priceList, two, 'express')).toMatchObject({ shippingCents: 1290, totalCents: 9288 });
    expect(priceOrder(priceList, [{ code: 'BRACELET_CORDE', color: 'bleu', quantity: 1 }], 'express').shippingCents).toBe(1290);
  });

  it('refuses a line it cannot sell, naming it: unknown product or colour, quantity outside 1 to 20', () => {
    for (const [line, message] of [
      [{ code: 'INCONNU', color: 'bleu', quantity: 1 }, "Article 2 : ce produit n'est pas en vente."],
      [{ code: 'BRACELET_CORDE', color: 'vert', quantity: 1 }, "Article 2 : cette couleur n'existe pas pour Bracelet en corde."],
      [{ code: 'BRACELET_CORDE', color: 'bleu', quantity: 0 }, 'Article 2 : la quantité doit être comprise entre 1 et 20.'],
      [{ code: 'BRACELET_CORDE', color: 'bleu', quantity: 21 }, 'Article 2 : la quantité doit être comprise entre 1 et 20.'],
      [{ code: 'BRACELET_CORDE', color: 'bleu', quantity: 1.5 }, 'Article 2 : la quantité doit être comprise entre 1 et 20.'],
    ] as const) {
      const attempt = () => priceOrder(priceList, [{ code: 'BRACELET_CORDE', color: 'bleu', quantity: 1 }, line], 'standard');
      expect(attempt).toThrow(UnsellableLineError);
      expect(attempt).toThrow(message);
    }
  });
});

describe('the price list follows catalog', () => {
  let checkout: Awaited<ReturnType<typeof buildServiceForTest<typeof configSchema._output>>>;
  beforeAll(async () => {
    const { serviceUrls, redisUrl } = inject('integration');
    checkout = await buildServiceForTest({
      name: 'checkout',
      configSchema,
      buildApp,
      env: {
        DATABASE_URL: serviceUrls.checkout,
        DATABASE_SCHEMA: 'checkout',
        REDIS_URL: redisUrl,
        IDENTITY_SECRET: 'checkout-test-identity-secret-0000000',
      },
    });
  });
  afterAll(() => checkout.close());

  it('keeps the latest announcement of each product, never an older one over a newer one, and forgets nothing on sale', async () => {
    const code = `TEST_${Date.now()}`;
    const announce = (unitPriceCents: number, occurredAt: string, active = true) => ({
      ...createEvent('product.updated', {
        code,
        productName: 'Essai',
        colours: [{ slug: 'bleu', name: 'Bleu marine' }],
        unitPriceCents,
        active,
      }),
      occurredAt,
    });
    await runHandler(checkout.db, checkoutEventHandlers, announce(3999, '2026-11-22T10:00:00.000Z'));
    await runHandler(checkout.db, checkoutEventHandlers, announce(3499, '2026-11-22T11:00:00.000Z'));
    await runHandler(checkout.db, checkoutEventHandlers, announce(4999, '2026-11-22T10:30:00.000Z'));
    const prices = createPriceListRepository(checkout.db);
    expect((await prices.findOnSale([code])).get(code)?.unitPriceCents).toBe(3499);
    await runHandler(checkout.db, checkoutEventHandlers, announce(3499, '2026-11-22T12:00:00.000Z', false));
    expect((await prices.findOnSale([code])).size).toBe(0);
  });
});
