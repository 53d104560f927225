/** Sends one text message to an international number (+33…). Throws if the provider refused it. */
export type SmsProvider = { name: string; send(to: string, text: string): Promise<void> };
