import type { MailRecord } from '@facet/contract/modules/mail/mail.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmtp } from '../../integrations/smtp/fake-server.ts';
import { startFakeSmtp } from '../../integrations/smtp/fake-server.ts';
import { pollUntil, useKillTest } from '../../test/server-process.ts';
import { queueMail } from './index.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * kill -9 while a mail is being sent: a real server process has claimed a mail and handed it to an
 * SMTP server that hangs, and is SIGKILLed. After a restart the mail goes out (at least once: the
 * server had not accepted it, so exactly once here). PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
describe(`kill -9 in the middle of sending a mail (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { database, start, stop } = useKillTest('mail-kill');
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp?.close());

  it('loses no mail: the one cut off mid-send is sent after the restart', { timeout: 400_000 }, async () => {
    const env = await database.create();
    const db = await database.open(true);
    let id: number;
    try {
      id = await db.db.transaction((tx) => queueMail(tx, { to: 'kim@example.com', subject: 'Cut off mid-send', text: 'x', html: '<p>x</p>', concerns: 'order:100009' }));
    } finally {
      await db.close();
    }
    // A short claim, so that on PostgreSQL the dead process's claim runs out soon after the restart.
    const serverEnv = { ...env, SMTP_URL: smtp.url, MAIL_POLL_MS: '50', MAIL_LEASE_MS: '2000' };
    smtp.hangNext();
    await start(serverEnv);
    await pollUntil(async () => smtp.hung, (hung) => hung === 1, { timeoutMs: 60_000, everyMs: 20 });
    expect(smtp.messages).toEqual([]);
    await stop('SIGKILL');

    const again = await start(serverEnv);
    const mailOf = async () => (await (await fetch(`${again.base}/api/mail-outbox/${id}`, { headers: { cookie: again.cookie } })).json()) as MailRecord;
    const mail = await pollUntil(mailOf, (now) => now.sendStatus !== 'queued', { timeoutMs: 60_000, everyMs: 50 });
    expect(mail).toMatchObject({ sendStatus: 'sent', attempts: 2 });
    expect(smtp.messages.map((message) => message.parsed.subject)).toEqual(['Cut off mid-send']);
    await stop('SIGTERM');
  });
});
