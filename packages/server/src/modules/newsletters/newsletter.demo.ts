import type { NewsletterState } from '@facet/contract/modules/newsletters/newsletter.schema';
import { seededRandom } from '@facet/contract/seeded-random';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { newsletters, subscribers } from './newsletter.table.ts';

const FIRST = ['amelia', 'oliver', 'isla', 'george', 'ava', 'noah', 'mia', 'arthur', 'grace', 'leo', 'freya', 'oscar', 'lily', 'harry', 'ella', 'jack', 'sophia', 'charlie', 'evie', 'thomas'];
const LAST = ['smith', 'jones', 'taylor', 'brown', 'williams', 'wilson', 'johnson', 'davies', 'patel', 'wright', 'walker', 'evans', 'khan', 'roberts', 'green', 'hall', 'wood', 'clarke', 'hughes', 'edwards'];
const DOMAINS = ['example.com', 'example.co.uk', 'example.org', 'example.net'];
const DAY = 24 * 60 * 60 * 1000;

/**
 * About 1,000 subscribers over the last year (one in ten inactive) and newsletters in each state. The
 * demo has no Klaviyo: its rows count as already in step with it (`klaviyo_synced`), so configuring a
 * real account later never sends the made-up e-mails there, and its newsletters have no campaign.
 */
export async function seedDemoNewsletters(tx: Db, { adminId }: SeedContext) {
  const random = seededRandom(2515);
  const now = Date.now();
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const created = new Date(now - Math.floor(random() * 365 * DAY));
    const email = `${FIRST[i % FIRST.length]}.${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i >= 400 ? i : ''}@${DOMAINS[i % DOMAINS.length]}`;
    return { email, status: random() >= 0.1, klaviyoSynced: true, createdAt: created, updatedAt: created };
  });
  for (let start = 0; start < rows.length; start += 500) await tx.insert(subscribers).values(rows.slice(start, start + 500));

  const letters: { templateName: string; days: number; state: NewsletterState; sendAll: boolean }[] = [
    { templateName: 'Christmas Gifts', days: 20, state: 'pending', sendAll: true },
    { templateName: 'New Year Sale', days: 35, state: 'pending', sendAll: false },
    { templateName: 'Valentine’s Engagement Rings', days: 70, state: 'pending', sendAll: true },
    { templateName: 'Autumn Collection', days: -60, state: 'sent', sendAll: true },
    { templateName: 'Bridal Edit', days: -30, state: 'sent', sendAll: true },
    { templateName: 'Diamond Guide', days: -14, state: 'sent', sendAll: false },
    { templateName: 'Black Friday Preview', days: -5, state: 'cancelled', sendAll: true },
    { templateName: 'Summer Sparkle', days: 10, state: 'cancelled', sendAll: true },
  ];
  await tx.insert(newsletters).values(
    letters.map((letter, i) => {
      const scheduledOn = new Date(now + letter.days * DAY);
      const createdAt = new Date(Math.min(now, scheduledOn.getTime()) - 3 * DAY);
      return {
        templateId: `DEMO${i + 1}`,
        templateName: letter.templateName,
        sendAll: letter.sendAll,
        sendEmails: letter.sendAll ? [] : rows.slice(i * 5, i * 5 + 5).map((row) => row.email),
        excludeEmails: i % 3 === 0 ? [rows[900 + i]!.email] : [],
        scheduledOn,
        state: letter.state,
        createdAt,
        updatedAt: createdAt,
        createdBy: adminId,
        updatedBy: adminId,
      };
    }),
  );
}
