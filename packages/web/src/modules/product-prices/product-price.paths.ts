/** The spec's route (document 2 §2). */
export const productPricePaths = { page: '/products/updateprice' } as const;
