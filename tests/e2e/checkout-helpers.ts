import type { Page } from 'playwright-core';

/**
 * A paid order of `quantity` Sable rope bracelets for `email`, placed and paid from `page` (already
 * on the product's origin, with its session if any) as the checkout page does: the simulated
 * provider's test card, then its webhook pays the order. Fails on any refused step.
 */
export async function buyThroughCheckout(page: Page, email: string, quantity = 1): Promise<{ orderId: string; orderNumber: string }> {
  return page.evaluate(
    async ({ buyer, count }) => {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const placed = await post('/create-payment-intent', {
        items: [{ code: 'BRACELET_CORDE', color: 'Sable', quantity: count }],
        shipping_method: 'laposte',
        delivery_option: 'standard',
        customer: {
          first_name: 'Camille',
          last_name: 'Martin',
          email: buyer,
          address: '12 rue des Lilas',
          city: 'Lyon',
          postal_code: '69003',
        },
      });
      await post('/payments/simulated/confirm', {
        payment_intent: placed.payment_intent,
        client_secret: placed.client_secret,
        payment_method: 'pm_card_visa',
      });
      return { orderId: placed.order_id as string, orderNumber: placed.order_number as string };
    },
    { buyer: email, count: quantity },
  );
}
