/** The public face of blogs: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { blogOptions, blogPostPages } from './blog.service.ts';
