import { describe, expect, it } from 'vitest';
import { listRequest } from '../../../../schema/shared/api';
import { itemsRequest } from './items-search';

describe('the items list’s filter in the address', () => {
  it('asks for the spec’s product-list filter: name, category, tag, active, hidden, page', () => {
    const request = itemsRequest({ q: ' роза ', page: 3, f: { category: 'authors', tag: 'love', active: 'false', hidden: 'true' } });
    expect(listRequest.parse(request)).toEqual({
      params: { skip: 40, limit: 20 },
      query: { name: 'роза', category: 'authors', tags: ['love'], isActive: false, isHidden: true },
    });
  });

  it('leaves out what the address does not set, or sets to «Все»', () => {
    expect(itemsRequest({ f: { category: '', active: '' } })).toEqual({ params: { skip: 0, limit: 20 }, query: {} });
  });
});
