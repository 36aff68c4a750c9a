import { MESSAGES } from '@facet/contract/messages';
import type { Usage } from '../../db/usage.ts';
import { columnUsage } from '../../db/usage.ts';
import { navigationMenuItems } from './navigation-menu.table.ts';

/** Categories that live menu items link to: such a category cannot be deleted (the categories module lists this usage). */
export const menuCategoryUsage: Usage = columnUsage('the navigation menu', navigationMenuItems, navigationMenuItems.categoryId, MESSAGES.categoryInMenu);
