import { describe, expect, it } from 'vitest';
import { writtenAddress } from './written-address';

describe('an address in its written form (schema/shop/written-address.ts)', () => {
  it('drops a trailing slash and leads an address without a page of its own to its page', () => {
    expect(writtenAddress('/studio/', {})).toEqual({ pathname: '/studio', query: {} });
    expect(writtenAddress('/items//', {})).toEqual({ pathname: '/items', query: {} });
    // Never a path another host could be read from (`//studio` is the host «studio»).
    expect(writtenAddress('//studio/', {})).toEqual({ pathname: '/studio', query: {} });
    expect(writtenAddress('/', { utm_source: 'ya' })).toEqual({ pathname: '/', query: { utm_source: 'ya' } });
    expect(writtenAddress('/items/complex/', { sort: 'cheap' })).toEqual({ pathname: '/items', query: { sort: 'cheap' } });
  });

  it('reads a query as its route does: what it cannot read dropped, a list as a list, other keys kept', () => {
    expect(writtenAddress('/items/baskets', { sort: 'x', pages: 1, utm_source: 'ya' })).toEqual({ pathname: '/items/baskets', query: { utm_source: 'ya' } });
    expect(writtenAddress('/items/baskets', { pages: '3' })?.query).toEqual({ pages: 3 });
    expect(writtenAddress('/items', { name: '', tags: 'mom', isActive: false, sort: 'dear' })?.query).toEqual({ tags: ['mom'], sort: 'dear' });
    // An article code in an address is read as a number by the router, and searched for as the text it is.
    expect(writtenAddress('/search', { q: 1024 })?.query).toEqual({ q: '1024' });
    expect(writtenAddress('/items', { name: 1024 })?.query).toEqual({ name: '1024' });
    // A query too long to search for stays, for the search page to say so.
    expect(writtenAddress('/search', { q: 'р'.repeat(1000) })?.query).toEqual({ q: 'р'.repeat(1000) });
    expect(writtenAddress('/search', { q: 'роза' })?.query).toEqual({ q: 'роза' });
    // A page of the pages store and an article's address read no query.
    expect(writtenAddress('/studio', { sort: 'x' })?.query).toEqual({ sort: 'x' });
  });

  it('has no written form for the back-office or an address of no page', () => {
    for (const path of ['/admin/', '/admin/orders/', '/Studio', '/%E0%A4%A']) expect(writtenAddress(path, { sort: 'x' }), path).toBeNull();
  });
});
