import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMail } from '@bracelet/dev-mail';

/**
 * Issue 11: N buyers check out at the same moment through the simulated provider (the real Stripe
 * SDK against the local fake, paid by its signed webhooks). Every order must end paid, once, with
 * N distinct consecutive invoice numbers and N confirmation e-mails handed to SMTP.
 */
export async function measureCheckoutBurst(baseUrl: string, mailDir: string, count: number, note: (line: string) => void) {
  const tag = `burst${Date.now().toString(36)}`;
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  type Placed = { order_id: string; order_number: string; payment_intent: string; client_secret: string };
  const alreadyThere = new Set(readdirSync(mailDir));
  note(`checkout : ${count} commandes simultanées (paiement simulé)…`);
  const started = Date.now();
  const placed = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      post<Placed>('/create-payment-intent', {
        items: [{ code: 'BRACELET_CORDE', color: 'Orange', quantity: 1 }],
        shipping_method: 'laposte',
        delivery_option: 'standard',
        customer: {
          first_name: 'Camille',
          last_name: 'Martin',
          email: `${tag}-${index}@example.com`,
          address: '12 rue des Lilas',
          city: 'Lyon',
          postal_code: '69003',
        },
      }).then(async (order) => {
        await post('/payments/simulated/confirm', {
          payment_intent: order.payment_intent,
          client_secret: order.client_secret,
          payment_method: 'pm_card_visa',
        });
        return order;
      }),
    ),
  );
  const confirmedMs = Date.now() - started;

  // Paid once the webhook has landed: each order's state, as /success asks for it.
  const invoices = new Map<string, string>();
  const deadline = Date.now() + 120_000;
  while (invoices.size < count && Date.now() < deadline) {
    await Promise.all(
      placed
        .filter((order) => !invoices.has(order.order_id))
        .map(async (order) => {
          const url = new URL(
            `/checkout/orders/${order.order_id}/status?client_secret=${encodeURIComponent(order.client_secret)}`,
            baseUrl,
          );
          const state = (await (await fetch(url)).json()) as { paid?: boolean; invoice_number?: string | null };
          if (state.paid && state.invoice_number) invoices.set(order.order_id, state.invoice_number);
        }),
    );
    if (invoices.size < count) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const paidMs = Date.now() - started;

  const mails = new Set<string>();
  while (mails.size < count && Date.now() < deadline) {
    for (const file of readdirSync(mailDir)) {
      if (alreadyThere.has(file)) continue;
      const raw = readFileSync(join(mailDir, file), 'utf8');
      const { to } = parseMail(raw);
      // The confirmation, with its invoice attached.
      if (to.startsWith(`${tag}-`) && /content-type:\s*application\/pdf/i.test(raw)) mails.add(to);
    }
    if (mails.size < count) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const mailedMs = Date.now() - started;

  const numbers = [...invoices.values()].map((invoice) => Number(invoice.split('-').at(-1))).sort((a, b) => a - b);
  const consecutive = numbers.every((number, index) => index === 0 || number === (numbers[index - 1] as number) + 1);
  return {
    orders: count,
    paid: invoices.size,
    distinctInvoices: new Set(invoices.values()).size,
    consecutive,
    mailsWithInvoice: mails.size,
    confirmedMs,
    paidMs,
    mailedMs,
  };
}
