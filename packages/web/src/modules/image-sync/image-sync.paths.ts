/** The Dropbox image sync's return address: Dropbox sends the user back here with `?code=` (root-layout.tsx keeps it). */
export const IMAGE_SYNC_PATH = '/dropboximagesync';
