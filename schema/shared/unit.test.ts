import { describe, expect, it } from 'vitest';
import { refEntries } from '../entities/ref';
import { lineUnitIssue } from './unit';

/** The studio's unit list with «уп.» switched off, as a device or the server reads it from the stored entries. */
const units = refEntries(
  [
    { type: 'ref', v: 2, data: { list: 'unit', code: 'pcs', label: 'шт.', whole: true, active: true, position: 0 } },
    { type: 'ref', v: 2, data: { list: 'unit', code: 'pack', label: 'уп.', whole: true, active: false, position: 1 } },
  ],
  'unit',
);

describe('an invoice line’s unit, in the florist’s words', () => {
  it('says what to do about a unit switched off, lets a draft keep it, and refuses one the list lacks in a draft too', () => {
    expect(lineUnitIssue(units, 'pcs')).toBeUndefined();
    expect(lineUnitIssue(units, 'pack')).toBe('Единица «уп.» выключена в справочнике — включите её на /admin/refs или смените единицу цветка');
    expect(lineUnitIssue(units, 'pack', true)).toBeUndefined();
    expect(lineUnitIssue(units, 'box', true)).toMatch(/^В справочнике «Единицы измерения» нет значения «box»/);
  });
});
