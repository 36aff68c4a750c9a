import { contentPageResource } from './modules/content-pages/content-page.schema.ts';
import { permissionResource } from './modules/permissions/permission.schema.ts';
import { roleResource } from './modules/roles/role.schema.ts';
import { userResource } from './modules/users/user.schema.ts';

/** Every flat resource of Facet. The server mounts them, the UI lists them, the CRUD suite tests them. */
export const RESOURCES = [permissionResource, roleResource, userResource, contentPageResource] as const;
