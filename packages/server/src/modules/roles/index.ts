/** The public face of roles: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { assertAllFound, assertCanActOn, assertCanGrant, assertMasterRemains, isCatalogueKey, isMasterActor, lockMasterChanges, permissionsOfRoles, permissionsOfUser } from './access.service.ts';
