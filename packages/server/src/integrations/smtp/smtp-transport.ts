import type { Transporter } from 'nodemailer';

/** One e-mail as the transport sends it: plain text and HTML alternatives of the same message. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The same on every attempt of one outbox row, so a mail sent twice (a process killed after the
   * server took it, before the outbox recorded it) is recognisably one message to the receiving side.
   */
  messageId: string;
}

/** Where the mail module hands a message: SMTP in a shop, the fake SMTP server in tests (both through this adapter). */
export interface MailTransport {
  /** Resolves once the server accepted the message; rejects with the server's or the network's reason. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A send that takes longer than this is abandoned (and retried): shorter than the outbox's claim on a mail. */
export const SMTP_TIMEOUT_MS = 30_000;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

/**
 * SMTP_URL as nodemailer reads it: `smtp://user:pass@host:587` (STARTTLS) or `smtps://user:pass@host:465`
 * (TLS from the first byte). Anything else stops the server at start-up. Credentials travel in the
 * clear only to this machine: `smtp://` to any other host must upgrade with STARTTLS (`requireTLS`).
 */
export function parseSmtpUrl(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('SMTP_URL: not a URL; expected smtp://user:password@host:587 or smtps://user:password@host:465.');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL: ${url.protocol} is no SMTP scheme; use smtp:// (STARTTLS) or smtps:// (TLS).`);
  if (!url.hostname) throw new Error('SMTP_URL: the server name is missing.');
  return text;
}

/**
 * The SMTP adapter over nodemailer: a connection per mail, no pool (a shop sends a few hundred a day).
 * nodemailer is loaded with the first mail (about 5 MB of heap and 25 MB of the server's memory that a
 * server sending nothing never pays).
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const isLoopback = LOOPBACK.test(url.hostname);
  let loaded: Promise<Transporter> | undefined;
  const connect = () => (loaded ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    requireTLS: url.protocol === 'smtp:' && !isLoopback,
    ...(url.username && { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    // The reasons nodemailer gives go to the outbox's last error: never the password.
    logger: false,
    debug: false,
  })));
  return {
    async send(mail) {
      const transport = await connect();
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
      });
    },
    close() {
      // A load that failed was reported by the send that awaited it; closing has nothing to close then.
      void loaded?.then((transport) => transport.close(), () => {});
    },
  };
}
