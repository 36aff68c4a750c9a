/** The public face of media: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { assertMediaUrls, createMediaService, removeDeletedMediaFiles } from './media.service.ts';
export { receiveFile, receiveUpload } from './media.upload.ts';
export type { ReceivedFile } from './media.upload.ts';
export { storeDemoPicture } from './media.demo.ts';
