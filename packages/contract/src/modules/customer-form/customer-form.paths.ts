/** The in-store customer form (spec: /form, outside the shell). No imports: the web's first load reads it. */
export const CUSTOMER_FORM_PATH = '/form';
