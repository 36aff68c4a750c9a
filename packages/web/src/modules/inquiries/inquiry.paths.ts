import type { ViewPaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 3 §2.1): the list and an inquiry's view. */
export const inquiryPaths: ViewPaths = { list: '/sales/inquiry', view: '/inquiry/view/inquiry_id/:id' };
