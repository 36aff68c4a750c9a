import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { jobsDatabaseOf, rowsOf } from '../../db/client.ts';
import type { MailTransport } from '../../integrations/smtp/smtp-transport.ts';
import { shopDetails } from '../settings/index.ts';

export interface MailSenderOptions {
  /** How often it looks for due mail. */
  pollMs: number;
  /** The first retry's delay; each next one doubles, up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs?: number;
  /** Tries before a mail is given up as failed. */
  maxAttempts?: number;
  /**
   * A sender's claim on a mail while it talks to the SMTP server: longer than the transport's three
   * timeouts together (config's default), so a live sender settles its mail before the claim runs out.
   */
  leaseMs: number;
  /** The From address when the shop has no `store_email` setting. */
  fallbackFrom: string;
}

/** With 30 s for the first retry, doubling and capped at an hour: about three hours of tries. */
const MAX_ATTEMPTS = 10;
const MAX_RETRY_MS = 60 * 60_000;

interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  createdAt: Date;
}

/**
 * SMTP answers that no retry will change for this mail: the mailbox does not exist, the message is
 * refused (5xx). Authentication refusals (530, 534, 535) are the shop's configuration, not the mail's:
 * those are retried like a server that is down.
 */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600 && ![530, 534, 535].includes(code);
}

/**
 * Sends the outbox's due mail, one at a time, outside any transaction: claim a mail (a lease, in one
 * statement), hand it to the SMTP server, record the outcome. A failure is retried with backoff
 * (`next_attempt_at`) until `maxAttempts`, then the mail is failed with the server's reason. Delivery
 * is at least once: a process killed after the server accepted a mail and before it was recorded as
 * sent leaves its claim to run out, and the mail is sent again, under the same Message-ID.
 */
export function createMailSender(db: Db, transport: MailTransport, log: FastifyBaseLogger, options: MailSenderOptions) {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const maxRetryMs = options.maxRetryMs ?? MAX_RETRY_MS;
  const { kind: driver } = jobsDatabaseOf(db);
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<unknown> = Promise.resolve();
  let isStopped = true;
  /** Set by `stop`: a pass under way ends after the mail it is sending. */
  let isClosing = false;

  /** The oldest due mail no live sender holds, claimed by this one; null when none is due. */
  async function claim(): Promise<ClaimedMail | null> {
    const [mail] = rowsOf<ClaimedMail>(
      await db.execute(sql`update mail_outbox set lease_until = now() + make_interval(secs => ${options.leaseMs / 1000}), attempts = attempts + 1, updated_at = now()
        where id = (select id from mail_outbox
          where status = 'queued' and next_attempt_at <= now() and (lease_until is null or lease_until < now()) and deleted_at is null
          order by next_attempt_at, id limit 1 for update skip locked)
        returning id, to_address as "to", subject, body_text as "text", body_html as "html", attempts, created_at as "createdAt"`),
    );
    return mail ?? null;
  }

  const retryDelayMs = (attempts: number) => Math.min(options.firstRetryMs * 2 ** (attempts - 1), maxRetryMs);

  async function send(mail: ClaimedMail) {
    const shop = await shopDetails(db);
    const from = shop.email || options.fallbackFrom;
    try {
      await transport.send({
        from: { name: shop.name, address: from },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<mail-${mail.id}.${new Date(mail.createdAt).getTime()}@${from.slice(from.lastIndexOf('@') + 1) || 'facet.invalid'}>`,
      });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const isGivenUp = mail.attempts >= maxAttempts || isPermanent(error);
      log.warn({ mailId: mail.id, attempts: mail.attempts, reason, isGivenUp }, isGivenUp ? 'mail failed: given up' : 'mail failed: retried later');
      await db.execute(sql`update mail_outbox set lease_until = null, last_error = ${reason}, updated_at = now(),
        status = ${isGivenUp ? 'failed' : 'queued'},
        next_attempt_at = ${isGivenUp ? null : sql`now() + make_interval(secs => ${retryDelayMs(mail.attempts) / 1000})`}
        where id = ${mail.id} and status = 'queued'`);
      return;
    }
    await db.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), lease_until = null, last_error = null, next_attempt_at = null, updated_at = now()
      where id = ${mail.id} and status = 'queued'`);
  }

  /** Sends every mail due now; answers how many it tried. */
  async function sendDue(): Promise<number> {
    let tried = 0;
    for (let mail = await claim(); mail; mail = isClosing ? null : await claim()) {
      await send(mail);
      tried += 1;
    }
    return tried;
  }

  async function tick() {
    try {
      await sendDue();
    } catch (error) {
      log.error({ err: error }, 'mail sender pass failed');
    }
  }

  function schedule() {
    if (isStopped) return;
    timer = setTimeout(() => {
      pass = tick().finally(schedule);
    }, options.pollMs);
  }

  return {
    /**
     * At app start. On PGlite one process owns the data, so a claim left by the last one is a dead
     * process's: released at once (on PostgreSQL claims run out by themselves).
     */
    async start() {
      if (!isStopped) return;
      if (driver === 'pglite') await db.execute(sql`update mail_outbox set lease_until = null where status = 'queued' and lease_until is not null`);
      isStopped = false;
      pass = tick().finally(schedule);
    },
    async stop() {
      isStopped = true;
      isClosing = true;
      if (timer) clearTimeout(timer);
      await pass;
    },
    sendDue,
  };
}
