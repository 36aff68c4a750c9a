/** The public face of catalog price rules: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { appliedPriceRuleJson, appliedPriceRuleOf, runningPriceRules, winningPriceRules } from './price-rule.pricing.ts';
