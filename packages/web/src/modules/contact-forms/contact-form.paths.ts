/** The spec's route (document 3 §2.1, §2.10): one list; entries open in a window. */
export const contactFormPaths = { list: '/contact_form' } as const;
