const wholePounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** A stone's price: whole pounds (the price rounds to the pound), e.g. £4,770. */
export const formatPounds = (amount: number) => wholePounds.format(amount);

/** A weight in carats as the trade writes it, e.g. 1.01 ct. */
export const formatCarat = (carat: number) => `${carat.toFixed(2)} ct`;
