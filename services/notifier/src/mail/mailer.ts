import nodemailer from 'nodemailer';

/** A file sent with a message (an order's invoice). */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };
export type Mail = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * Real SMTP through nodemailer: the catcher in development, the provider in production. Pooled:
 * connections are reused, so an alert does not wait for a new SMTP handshake.
 */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 5 });
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
