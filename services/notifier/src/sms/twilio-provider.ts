import type { SmsProvider } from './provider.js';

type TwilioOptions = { accountSid: string; authToken: string; from: string; baseUrl: string };

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To,
 * From and Body, HTTP Basic auth with the account SID and auth token.
 */
export function createTwilioSmsProvider({ accountSid, authToken, from, baseUrl }: TwilioOptions): SmsProvider {
  const endpoint = new URL(`/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, baseUrl).toString();
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(to, text) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: to, From: from, Body: text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new Error(`Twilio refused the SMS (${response.status}): ${detail.slice(0, 300)}`);
      }
    },
  };
}
