/** The spec's route (document 3 §2.1, §2.18): Dropbox sends staff back here with `?code=`, and any page opened with `?code=` comes here (root-layout.tsx keeps it). */
export const IMAGE_SYNC_PATH = '/dropboximagesync';
