/**
 * Stands in for RxDB's `plugins/utils/utils-premium.js` in the built shop (the alias in vite.config.ts), to silence the
 * English «RxDB Open Core RxStorage» banner its Dexie storage writes to the console on every load. RxDB's own source
 * allows it: «Yes you are allowed to fork the repo and just overwrite this function» (`hasPremiumFlag`); the other
 * way it offers is `setPremiumFlag()` of the paid rxdb-premium package, which the shop does not use (DECISIONS.md).
 * The names are RxDB's: its utils re-export them.
 */
export const PREMIUM_FLAG_HASH = '6da4936d1425ff3a5c44c02342c6daf791d266be3ae8479b8ec59e261df41b93';
/** RxDB's own limit of collections without premium; the shop keeps to 8 by its own rule (collections.ts). */
export const NON_PREMIUM_COLLECTION_LIMIT = 13;
export const hasPremiumFlag = (): Promise<boolean> => Promise.resolve(true);
