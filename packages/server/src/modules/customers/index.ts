/** The public face of customers: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { createAddressService } from './address.service.ts';
export type { CustomerContact } from './customer.contact.ts';
export { customerContacts, sampleCustomerIds } from './customer.contact.ts';
export { createCustomerService } from './customer.service.ts';
