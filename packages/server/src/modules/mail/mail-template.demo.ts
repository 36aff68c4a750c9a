import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { mailTemplates } from './mail-template.table.ts';

/** Demo data: the shop has made its Contact Us reply its own, so System > E-mail Templates shows a customised e-mail beside the defaults. */
export async function seedDemoMailTemplates(tx: Db, { adminId }: SeedContext) {
  await tx.insert(mailTemplates).values({
    kind: 'contact-response',
    subject: '{{subject}}',
    body:
      '<p>Dear {{customerName}},</p><p>Thank you for getting in touch with {{shopName}}.</p><p>{{response}}</p>' +
      '<p>If you would like to see any of our pieces in person, our Hatton Garden showroom is open Tuesday to Saturday, and we are always happy to book you a private appointment.</p>' +
      '<p><em>You wrote:</em><br>{{message}}</p><p>Warm regards,<br>{{shopSignature}}</p>',
    createdBy: adminId,
    updatedBy: adminId,
  });
}
