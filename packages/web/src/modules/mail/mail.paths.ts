/** Sales > Customer E-mails (issue 24; no spec route): the mail outbox. */
export const mailPaths = { list: '/sales/customer-emails' } as const;
