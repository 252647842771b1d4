import { describe, expect, it } from 'vitest';
import { assemblySlipId } from '../entities/slip';
import { derivedId, maxIdLength } from './derived-id';
import { officeRecord } from './record';

describe('an id derived from another', () => {
  it('stays as it always was while it fits', () => {
    expect(assemblySlipId('a1b2c3d4e5f6g7h8')).toBe('asm-a1b2c3d4e5f6g7h8');
    const longest = 'x'.repeat(maxIdLength - 4);
    expect(assemblySlipId(longest)).toBe(`asm-${longest}`);
  });

  it('is a valid record id however long the order id is, the same each time, and two order ids give two', () => {
    const a = `${'a'.repeat(60)}1234`;
    const b = `${'a'.repeat(60)}1235`;
    for (const id of [a, b, 'b'.repeat(61), `${'c'.repeat(63)}-`]) {
      const slip = assemblySlipId(id);
      expect(officeRecord.shape.id.safeParse(slip).success, slip).toBe(true);
      expect(slip).toHaveLength(maxIdLength);
      expect(slip.startsWith('asm-')).toBe(true);
      expect(assemblySlipId(id)).toBe(slip);
    }
    expect(assemblySlipId(a)).not.toBe(assemblySlipId(b));
    expect(derivedId('new-', a)).not.toBe(derivedId('new-', b));
  });
});
