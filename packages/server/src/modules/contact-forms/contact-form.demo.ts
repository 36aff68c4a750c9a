import { seededRandom } from '@facet/contract/seeded-random';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { demoContext, demoGuest, demoMomentWithin } from '../inquiries/index.ts';
import { createContactFormService } from './contact-form.service.ts';
import { contactForms } from './contact-form.table.ts';

const DEMO_ENTRIES = 100;
const DEMO_DAYS = 120;

const MESSAGES: readonly [subject: string, message: string, reply: string][] = [
  ['Ring resizing', 'Hello, I bought a ring last month and it is slightly too big. Do you offer resizing, and how long does it take?', 'Thank you for your message. We resize rings free of charge within 60 days; it takes about five working days. Please send it back with your order number.'],
  ['Custom engagement ring', 'I am looking for a bespoke engagement ring with an oval lab-grown diamond, around 1.5 carats. Can we book a consultation?', 'Thank you for getting in touch. We would love to help: please choose a time on our Book an Appointment page, in store or by video call.'],
  ['Delivery to Ireland', 'Do you deliver to Dublin, and are there customs charges?', 'Yes, we deliver to Ireland with tracked courier. Duties are included in the price shown at checkout.'],
  ['Certificate question', 'Does the diamond in my earrings come with an IGI certificate?', 'Every diamond over 0.3 carats comes with its certificate; yours is in the box, and we have e-mailed you a copy.'],
  ['Gift wrapping', 'Can you gift wrap an order and include a note? It is a birthday present.', 'Of course: every order is gift wrapped, and you can add a note at checkout.'],
  ['Order not arrived', 'My order was due yesterday but I have not received it. Could you check where it is?', 'We are sorry for the wait. The courier shows it out for delivery today; we have sent you the tracking link.'],
  ['Cleaning advice', 'What is the best way to clean a white gold ring with diamonds?', 'Warm water, a drop of washing-up liquid and a soft toothbrush work best. We also clean jewellery free in store.'],
  ['Return', 'I would like to return a pendant, it does not suit me. What do I need to do?', 'You can return it within 30 days for a full refund. We have e-mailed you a prepaid label.'],
];

/** 100 Contact Us entries over the last months, about a third answered by staff. */
export async function seedDemoContactForms(tx: Db, { adminId }: SeedContext) {
  const random = seededRandom(2509);
  const service = createContactFormService(tx);
  const context = demoContext(adminId);
  const dates = Array.from({ length: DEMO_ENTRIES }, () => demoMomentWithin(random, DEMO_DAYS)).sort((a, b) => a.getTime() - b.getTime());
  for (const [i, at] of dates.entries()) {
    const [subject, message, reply] = MESSAGES[Math.floor(random() * MESSAGES.length)]!;
    const shopper = demoGuest(random, 1000 + i);
    const entry = await service.createFromStorefront(
      { name: `${shopper.firstName} ${shopper.lastName}`, email: shopper.email, phone: random() < 0.6 ? shopper.contactNumber : '', message },
      context,
    );
    // Replied as history: the reply kept with the entry, no e-mail queued (the demo's shoppers are made up).
    const isReplied = i < DEMO_ENTRIES - 15 && random() < 0.4;
    const repliedAt = new Date(at.getTime() + 3 * 3_600_000);
    await tx
      .update(contactForms)
      .set({
        createdAt: at,
        updatedAt: isReplied ? repliedAt : at,
        ...(isReplied && { responseSubject: `Re: ${subject}`, response: reply, respondedAt: repliedAt, respondedBy: 'admin' }),
      })
      .where(eq(contactForms.id, entry.id));
  }
}
