import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 3 §2.1, §2.17). */
export const sectionPaths: ResourcePaths = { list: '/widgets/section', add: '/widgets/section/add', edit: '/widgets/section/edit/:id' };
/** A section option's screens: add takes its section as `?sectionId=`; edit's id is `{optionId}&{sectionId}`. */
export const sectionOptionPaths = { add: '/widgets/section-option/add', edit: '/widgets/section-option/edit/:id' } as const;
export const widgetPagesPath = '/widgets/pages';
export const sectionEditPath = (sectionId: number) => `/widgets/section/edit/${sectionId}`;
export const sectionOptionAddPath = (sectionId: number) => `/widgets/section-option/add/?sectionId=${sectionId}`;
