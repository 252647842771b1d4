import type { ListAnswer, ListRequest } from '../../schema/api';

/** One page of an already filtered and sorted list, in the shape the spec's list calls answer. */
export const pageOf = <T>(all: T[], { skip, limit }: ListRequest['params']): ListAnswer<T> => ({
  data: { items: all.slice(skip, skip + limit), total: all.length, skip, limit },
});
