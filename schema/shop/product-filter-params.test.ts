import { describe, expect, it } from 'vitest';
import { productFilterParams, readFilter, writeFilter } from './product-filter-params';

describe('the product list filter in the URL (spec §2)', () => {
  it('reads isActive and isHidden as booleans and applies the defaults', () => {
    const search = productFilterParams.parse({ isActive: 'true', isHidden: 'false', name: 'роза' });
    expect(readFilter(search)).toEqual({ name: 'роза', isActive: true, isHidden: false, itemType: undefined, category: undefined, shownOn: ['recepty'], tags: [] });
  });

  it('leaves falsy values out of the URL', () => {
    expect(writeFilter({ name: '', isActive: true, isHidden: false, tags: [], shownOn: ['recepty'], category: 'boxes' })).toEqual({
      isActive: true,
      shownOn: ['recepty'],
      category: 'boxes',
    });
  });

  it('ignores what it cannot read instead of failing the page', () => {
    expect(productFilterParams.parse({ isActive: 'maybe', tags: 'love', category: 42 })).toMatchObject({ isActive: undefined, tags: ['love'], category: undefined });
  });
});
