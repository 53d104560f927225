import nodemailer from 'nodemailer';

/** A file sent with a message (an order's invoice). */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };
/** `messageId`: the same for every copy of one message (send-once.ts), so copies fold into one. */
export type Mail = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[]; messageId?: string };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * Real SMTP through nodemailer: the catcher in development, the provider in production. Pooled:
 * connections are reused, so an alert does not wait for a new SMTP handshake.
 */
export function createMailer(smtpUrl: string, from: string, maxConnections = 12): Mailer {
  // Bounded waits (ADR 015): a server that does not answer fails the send, which is retried.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  });
  return {
    async send({ attachments, ...mail }) {
      await transport.sendMail({
        from,
        ...mail,
        ...(attachments
          ? {
              attachments: attachments.map(({ filename, contentType, content }) => ({
                filename,
                contentType,
                content: Buffer.from(content),
              })),
            }
          : {}),
      });
    },
    close: () => transport.close(),
  };
}
