import { describe, expect, it } from 'vitest';
import { randomId } from './random-id';

describe('an id made on the device', () => {
  it('is URL-safe and starts with a letter or digit, as /db wants a document id', () => {
    const ids = Array.from({ length: 3000 }, () => randomId());
    expect(ids.filter((id) => !/^[A-Za-z0-9][A-Za-z0-9_-]{15}$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
