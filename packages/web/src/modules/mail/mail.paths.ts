/**
 * Sales > Customer E-mails (issue 24; no spec route): the mail outbox. System > E-mail Templates at the
 * spec's /system/editor (named by the route table, not described: the editor of the customer e-mails).
 */
export const mailPaths = { list: '/sales/customer-emails', templates: '/system/editor' } as const;
