/** System > API Keys (issue 13; no spec route): the storefront API's keys. */
export const apiKeyPaths = { list: '/system/api-keys' } as const;
