import { describe, expect, it } from 'vitest';
import { listSearch } from './list-search';

describe('a list’s address', () => {
  it('keeps a filter by a record id the server made (`{type}-{uuid}`, longer than 40 characters)', () => {
    const id = 'invoice-0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(listSearch.parse({ f: { kind: 'invoice', id } }).f).toEqual({ kind: 'invoice', id });
    expect(listSearch.parse({ f: { flower: 'flower-0f8fad5b-d9cb-469f-a165-70867728950e' } }).f).toEqual({ flower: 'flower-0f8fad5b-d9cb-469f-a165-70867728950e' });
  });

  it('drops filters that are no record id at all', () => {
    expect(listSearch.parse({ f: { id: 'x'.repeat(65) } }).f).toBeUndefined();
  });
});
