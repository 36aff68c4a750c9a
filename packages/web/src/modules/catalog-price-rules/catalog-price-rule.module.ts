import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { catalogPriceRulePaths } from './catalog-price-rule.paths.ts';

export const catalogPriceRulesWebModule = defineWebModule({
  name: 'catalog-price-rules',
  routes: [
    // Marketing > Catalog Price Rule (document 3 §2.3), after Coupons.
    ...listAddEdit(catalogPriceRulePaths, () => import('./catalog-price-rule-list.page.tsx'), () => import('./catalog-price-rule-form.page.tsx'), 'marketing', {
      section: 'marketing',
      label: 'Catalog Price Rule',
      order: 2,
    }),
  ],
});
