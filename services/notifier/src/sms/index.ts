import type { Config } from '../config.js';
import { createLogSmsProvider } from './log-provider.js';
import type { SmsProvider } from './provider.js';
import { createTwilioSmsProvider } from './twilio-provider.js';

export type { SmsProvider } from './provider.js';

/** The SMS transport the configuration names (validated at boot). */
export function createSmsProvider(config: Config): SmsProvider {
  if (config.SMS_PROVIDER === 'twilio') {
    return createTwilioSmsProvider({
      accountSid: config.TWILIO_ACCOUNT_SID ?? '',
      authToken: config.TWILIO_AUTH_TOKEN ?? '',
      from: config.TWILIO_FROM ?? '',
      baseUrl: config.TWILIO_BASE_URL,
    });
  }
  return createLogSmsProvider(config.SMS_LOG_DIR ?? '');
}
