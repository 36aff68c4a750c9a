/**
 * The public face of mail: what other modules may import of it (eslint.config.js, MODULE_AREAS and
 * facet/module-boundaries). `queueMail`, `queueOrderMail` and `queueCartReminderMail` take the caller's transaction.
 */
export { backdateSentMails, queueMail } from './mail.service.ts';
export type { MailToQueue } from './mail.service.ts';
export { queueOrderMail } from './order-mails.ts';
export type { OrderMail } from './order-mails.ts';
export { cartMailConcerns, latestMailAbout, queueCartReminderMail } from './cart-mails.ts';
export { queueContactResponseMail } from './contact-mails.ts';
