/** The databases replicated through /db, by name. Customer data never travels through a shared one. */
export const syncedDatabases = {
  /** Products; everyone pulls, staff change them through /api/items/update. */
  catalog: 'catalog',
  /** Info and CMS pages; everyone pulls, admins change them through /api/pages/update. */
  pages: 'pages',
  /** Calendar events; staff push and pull. */
  events: 'events',
} as const;
export type SyncedDatabase = keyof typeof syncedDatabases;

/** One customer's own orders, readable only by that customer and staff. */
export const customerOrdersDb = (phone: string): string => `orders-${phone}`;

/** Whether a database name is one customer's own orders. */
export const isCustomerOrdersDb = (name: string): boolean => /^orders-7\d{10}$/.test(name);
