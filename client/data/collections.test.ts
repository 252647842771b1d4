import { describe, expect, it } from 'vitest';
import { dataSourceCollections, shopCollections } from './collections';

describe('collections of the page', () => {
  it('stay at 8 or fewer over all databases (RxDB open source refuses more than 13)', () => {
    expect(Object.keys(shopCollections).length + Object.keys(dataSourceCollections).length).toBeLessThanOrEqual(8);
  });
});
