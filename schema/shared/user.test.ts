import { describe, expect, it } from 'vitest';
import { staffName } from './user';

describe('staffName', () => {
  const names = new Map([['79000000003', 'Ольга Флористова'], ['79000000002', '  ']]);
  it('names a staff member by the name the directory holds, else by the masked phone, and keeps the server’s own signatures', () => {
    expect(staffName('79000000003', names)).toBe('Ольга Флористова');
    expect(staffName('79000000002', names)).toBe('**0002');
    expect(staffName('79161234567', names)).toBe('**4567');
    expect(staffName('ЮKassa', names)).toBe('ЮKassa');
  });
});
