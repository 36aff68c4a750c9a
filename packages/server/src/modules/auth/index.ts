/** The public face of auth: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { hashPassword } from './password.ts';
export { endSessionsOfUsers, permissionKeysOfUser, staffActorOf } from './session.service.ts';
