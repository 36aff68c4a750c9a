/** The spec's import screen (document 2 §2): /products/importexcel in the route table, /products/import in the screen list. */
export const productImportPaths = { page: '/products/importexcel', alias: '/products/import' } as const;
