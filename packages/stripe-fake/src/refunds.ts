import { randomBytes } from 'node:crypto';
import { docUrl, invalidRequest, missingParam } from './errors.js';
import type { FormValue } from './form.js';
import type { FakePaymentIntent } from './intents.js';

/** A Refund as Stripe shapes it (the fields the fake keeps). */
export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
};

/** The Charge a refund is about, as the `charge.refunded` webhook carries it. */
export type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
};

const text = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined);
const REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

/**
 * Refunds as Stripe's test mode makes them for a card: at once `succeeded`, at most what the
 * payment received in all (partial refunds add up), refused once the charge is fully refunded.
 */
export function createRefundStore(intents: { retrieve(id: string): FakePaymentIntent }) {
  const refunds = new Map<string, FakeRefund>();
  /** Refunded so far, per charge. */
  const refunded = new Map<string, number>();

  const chargeOf = (intent: FakePaymentIntent, chargeId: string): FakeCharge => {
    const amountRefunded = refunded.get(chargeId) ?? 0;
    return {
      id: chargeId,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount_received,
      amount_refunded: amountRefunded,
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: amountRefunded >= intent.amount_received,
      status: 'succeeded',
    };
  };

  return {
    create(params: Record<string, FormValue>): { refund: FakeRefund; charge: FakeCharge } {
      const intentId = text(params.payment_intent);
      if (!intentId && !text(params.charge)) throw missingParam('payment_intent');
      if (!intentId) throw invalidRequest('The fake only refunds by payment_intent.', { param: 'charge' });
      const intent = intents.retrieve(intentId);
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
          doc_url: docUrl('charge_not_refundable'),
        });
      }
      const chargeId = intent.latest_charge;
      const already = refunded.get(chargeId) ?? 0;
      if (already >= intent.amount_received) {
        throw invalidRequest(`Charge ${chargeId} has already been refunded.`, {
          code: 'charge_already_refunded',
          doc_url: docUrl('charge_already_refunded'),
        });
      }
      const requested = text(params.amount);
      const amount = requested === undefined ? intent.amount_received - already : Number(requested);
      if (!Number.isInteger(amount) || amount < 1) throw invalidRequest('Invalid positive integer', { param: 'amount' });
      if (already + amount > intent.amount_received) {
        throw invalidRequest(
          `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${((intent.amount_received - already) / 100).toFixed(2)})`,
          { param: 'amount' },
        );
      }
      const reason = text(params.reason);
      if (reason !== undefined && !REASONS.has(reason)) throw invalidRequest(`Invalid reason: ${reason}`, { param: 'reason' });
      const metadata = params.metadata;
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('base64url').replaceAll(/[-_]/g, 'x')}`,
        object: 'refund',
        amount,
        charge: chargeId,
        currency: intent.currency,
        payment_intent: intent.id,
        reason: reason ?? null,
        metadata: typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, string>) : {},
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(refund.id, refund);
      refunded.set(chargeId, already + amount);
      return { refund: structuredClone(refund), charge: chargeOf(intent, chargeId) };
    },

    retrieve(refundId: string): FakeRefund {
      const refund = refunds.get(refundId);
      if (!refund) {
        throw invalidRequest(
          `No such refund: '${refundId}'`,
          { code: 'resource_missing', param: 'id', doc_url: docUrl('resource_missing') },
          404,
        );
      }
      return structuredClone(refund);
    },
  };
}
