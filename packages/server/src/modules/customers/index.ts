/** The public face of customers: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { createAddressService } from './address.service.ts';
export type { CustomerContact } from './customer.contact.ts';
export { customerContacts, sampleCustomerIds } from './customer.contact.ts';
export type { CustomerForOrders } from './customer.service.ts';
export { createCustomerService, customersForOrders, orderingCustomer } from './customer.service.ts';
export { locationProblem, placeNames } from './lookups.ts';
export { customerChoices, customerChoicesById, customerGroupChoices } from './customer.choices.ts';
export { countCustomers } from './customer.counts.ts';
