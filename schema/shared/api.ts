import { z } from 'zod';
import { phone, code } from './phone';
import { searchMessages, searchText } from '../shop/search-query';
import type { User } from './user';

/** Spec §9: page size 20, first page 1. */
export const pageSize = 20;

/** Body of POST /api/{entity}/list. */
export const listRequest = z.strictObject({
  params: z.strictObject({
    skip: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(200).default(pageSize),
    sort: z.string().max(40).optional(),
  }).default({ skip: 0, limit: pageSize }),
  query: z.strictObject({
    /** Searched as the storefront searches (schema/shop/search.ts); empty means no name filter. */
    name: searchText.optional(),
    isActive: z.boolean().optional(),
    isHidden: z.boolean().optional(),
    itemType: z.string().max(40).optional(),
    shownOn: z.array(z.string().max(40)).max(10).optional(),
    tags: z.array(z.string().max(40)).max(30).optional(),
    category: z.string().max(40).optional(),
  }).default({}),
  body: z.strictObject({}).optional(),
});
export type ListRequest = z.infer<typeof listRequest>;

export interface ListAnswer<T> {
  data: { items: T[]; total: number; skip: number; limit: number };
}

/** One page of an already filtered and sorted list, in the shape the spec's list calls answer. */
export const pageOf = <T>(all: T[], { skip, limit }: { skip: number; limit: number }): ListAnswer<T> => ({
  data: { items: all.slice(skip, skip + limit), total: all.length, skip, limit },
});

export const loginRequest = z.strictObject({ phone });
export const loginAnswer = z.object({ status: z.enum(['sended']), retryAfter: z.number() });
export const verifyRequest = z.strictObject({ phone, code });
export const idRequest = z.strictObject({ id: z.string().min(1).max(64) });
export const artRequest = z.strictObject({ art: z.string().min(1).max(40) });
export const idListRequest = z.strictObject({ idList: z.array(z.string().min(1).max(64)).max(200) });
/** Body of POST /api/refs/search-item: the back-office's look-up of items by name or article code. */
export const searchItemRequest = z.strictObject({ query: searchText.refine((q) => q.trim(), searchMessages.empty), limit: z.number().int().min(1).max(50).default(10) });
export const slugRequest = z.strictObject({ slug: z.string().min(1).max(200) });

export interface UserAnswer {
  user: User | null;
}

/** Every 4xx/5xx answer of /api. `error` is Russian and fit to show; `issues` name the fields. */
export interface ErrorAnswer {
  error: string;
  issues?: { path: string; message: string }[];
}

/** Calls that take no payload still refuse one they do not understand. */
export const noPayload = z.strictObject({});
