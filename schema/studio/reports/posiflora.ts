import { z } from 'zod';

/**
 * Posiflora's public API (JSON:API, https://{account}.posiflora.com/api/v1, its OpenAPI description): the parts the
 * import reads, each answer parsed before anything of it is stored. An answer that is not what the API promises
 * stops that kind's run with the reason in the log, and nothing of that page is written.
 */

/** POST /v1/sessions: a session's tokens. The access token lives about an hour, the refresh token about a month. */
export const posifloraSession = z.object({
  data: z.object({
    attributes: z.object({
      accessToken: z.string().min(1),
      refreshToken: z.string().min(1),
      expireAt: z.string(),
      refreshExpireAt: z.string().optional(),
    }),
  }),
});

const resource = <A extends z.ZodType>(attributes: A) =>
  z.object({ id: z.string().min(1).max(64), type: z.string(), attributes, relationships: z.record(z.string(), z.unknown()).optional() });

/** GET /v1/customers: a page of customers (attributes the import reads; the rest is ignored). */
export const posifloraCustomer = resource(
  z.object({
    title: z.string().nullish(),
    phone: z.string().nullish(),
    email: z.string().nullish(),
    birthday: z.string().nullish(),
    notes: z.string().nullish(),
    status: z.enum(['on', 'off', 'deleted']).nullish(),
    updatedAt: z.string().nullish(),
  }),
);
export type PosifloraCustomer = z.infer<typeof posifloraCustomer>;

/** GET /v1/inventory-items: flowers, materials and services of the studio's catalogue. */
export const posifloraItem = resource(
  z.object({
    title: z.string(),
    itemType: z.enum(['item', 'service']).nullish(),
    fractional: z.boolean().nullish(),
    priceMin: z.number().nullish(),
    priceMax: z.number().nullish(),
    description: z.string().nullish(),
    updatedAt: z.string().nullish(),
  }),
);
export type PosifloraItem = z.infer<typeof posifloraItem>;

export const posifloraOrderStatuses = ['new', 'done', 'canceled', 'returned', 'courier', 'assembled', 'notAccepted'] as const;

/** GET /v1/orders. */
export const posifloraOrder = resource(
  z.object({
    docNo: z.string().nullish(),
    status: z.enum(posifloraOrderStatuses).nullish(),
    date: z.string().nullish(),
    dueTime: z.string().nullish(),
    totalAmount: z.number().nullish(),
    paymentsAmount: z.number().nullish(),
    delivery: z.boolean().nullish(),
    deliveryCity: z.string().nullish(),
    deliveryStreet: z.string().nullish(),
    deliveryHouse: z.string().nullish(),
    deliveryApartment: z.string().nullish(),
    deliveryContact: z.string().nullish(),
    deliveryPhoneNumber: z.string().nullish(),
    description: z.string().nullish(),
    updatedAt: z.string().nullish(),
  }),
);
export type PosifloraOrder = z.infer<typeof posifloraOrder>;

/** A page of a list: `data`, and `meta.total` where the API gives it. */
export const posifloraPage = <R extends z.ZodType>(item: R) => z.object({ data: z.array(item), meta: z.object({ total: z.number().int().min(0).optional() }).passthrough().optional() });

/** Body of POST /api/posiflora/connect: the account's address and a login of the studio's Posiflora. */
export const posifloraConnectRequest = z.strictObject({
  url: z
    .url('Адрес — например https://studio.posiflora.com')
    .max(200)
    .refine((u) => /^https?:\/\//.test(u), 'Адрес начинается с https://'),
  username: z.string().trim().min(1, 'Укажите логин').max(100),
  password: z.string().min(1, 'Укажите пароль').max(200),
});
export type PosifloraConnectRequest = z.infer<typeof posifloraConnectRequest>;

/** The kinds imported, in the order a run takes them. */
export const posifloraKinds = ['customers', 'items', 'orders'] as const;
export type PosifloraKind = (typeof posifloraKinds)[number];

/** One run of the import, as the log keeps it. */
export const posifloraRun = z.object({
  id: z.string(),
  startedAt: z.number(),
  finishedAt: z.number().optional(),
  by: z.string(),
  counts: z.record(z.string(), z.object({ read: z.number().int(), written: z.number().int(), skipped: z.number().int() })),
  errors: z.array(z.object({ kind: z.string(), message: z.string() })),
});
export type PosifloraRun = z.infer<typeof posifloraRun>;
