import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { sectionOptionPaths, sectionPaths, widgetPagesPath } from './widget-section.paths.ts';

export const widgetSectionsWebModule = defineWebModule({
  name: 'widget-sections',
  routes: [
    // Widgets > Section (document 3 §2.3); section screens need Section (document 3 §6).
    ...listAddEdit(sectionPaths, () => import('./section-list.page.tsx'), () => import('./section-form.page.tsx'), 'section', { section: 'widgets', label: 'Section', order: 2 }),
    { path: sectionOptionPaths.add, page: () => import('./section-option-form.page.tsx'), permission: 'section', menuParent: sectionPaths.list },
    { path: sectionOptionPaths.edit, page: () => import('./section-option-form.page.tsx'), permission: 'section', menuParent: sectionPaths.list },
    // The spec's placeholder (document 3 §2.1): the word pages, nothing more; under Widgets, so its permission.
    { path: widgetPagesPath, page: () => import('./widget-pages.page.tsx'), permission: 'widgets' },
  ],
});
