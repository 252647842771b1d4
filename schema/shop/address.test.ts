import { describe, expect, it } from 'vitest';
import { addressOf } from './address';

describe('the storefront’s addresses (schema/shop/address.ts)', () => {
  it('tells screens, categories, items, articles, tags, flowers and pages apart', () => {
    expect(addressOf('/')).toEqual({ kind: 'screen' });
    expect(addressOf('/orders/thank-you')).toEqual({ kind: 'screen' });
    expect(addressOf('/items/')).toEqual({ kind: 'screen' });
    expect(addressOf('/admin/orders/42')).toEqual({ kind: 'admin' });
    expect(addressOf('/items/vases')).toEqual({ kind: 'category', id: 'vases' });
    expect(addressOf('/items/p-001')).toEqual({ kind: 'item', id: 'p-001' });
    expect(addressOf('/product/B-1001~%D0%91%D1%83%D0%BA%D0%B5%D1%82')).toEqual({ kind: 'product', art: 'B-1001' });
    expect(addressOf('/tags/birthday')).toEqual({ kind: 'tag', tag: 'birthday' });
    expect(addressOf('/flowers/rose')).toEqual({ kind: 'flower', slug: 'rose' });
    expect(addressOf('/new-year/2023/red')).toEqual({ kind: 'page', slug: 'new-year/2023/red' });
  });

  it('has no address for what no route shows', () => {
    // A deeper path is looked up in the pages store, as the client's catch-all route does.
    expect(addressOf('/items/authors/extra')).toEqual({ kind: 'page', slug: 'items/authors/extra' });
    for (const path of ['/Studio', '/%E0%A4%A', '/a//b/../c', `/${'x'.repeat(200)}`]) expect(addressOf(path), path).toBeNull();
  });
});
