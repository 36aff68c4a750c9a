/** The public face of diamond-shapes: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { seedDemoDiamondShapes } from './diamond-shape.demo.ts';
export { findShapeCategory, loadShapeCategoryNames } from './shape-category.service.ts';
export { liveShapeIds, shapeChoices, shapeNames } from './shape-choices.ts';
