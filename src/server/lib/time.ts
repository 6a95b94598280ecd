/** Unix seconds, the unit of every timestamp we store and send. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
