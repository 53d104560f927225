/** An error answered in Stripe's own shape (`{ error: { type, code, message, … } }`), with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? 'Stripe error'));
  }
}

export const invalidRequest = (message: string, extra: Record<string, unknown> = {}, status = 400) =>
  new StripeApiError(status, { type: 'invalid_request_error', message, ...extra });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param, doc_url: docUrl('parameter_missing') });

export const noSuchIntent = (id: string) =>
  invalidRequest(
    `No such payment_intent: '${id}'`,
    { code: 'resource_missing', param: 'intent', doc_url: docUrl('resource_missing') },
    404,
  );

export const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;
