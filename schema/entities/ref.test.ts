import { describe, expect, it } from 'vitest';
import { clientSources, orderSources } from '../shared/ref-defaults';
import { refChoices, refCodeIssue, refDefaults, refEntries, refLabel } from './ref';

const record = (list: string, code: string, label: string, position: number, active = true) => ({ type: 'ref', data: { list, code, label, position, active } });

describe('a reference list as screens read it', () => {
  it('starts from the codes orders and client cards store, so every stored source has its entry', () => {
    expect(refDefaults['order-source'].map((e) => e.code)).toEqual(orderSources.map((s) => s.id));
    expect(refDefaults['client-source'].map((e) => e.code)).toEqual(clientSources.map((s) => s.id));
  });

  it('names a client card’s source as its first order’s is named: «Сайт», «Витрина», «Телефон» (issue 29)', () => {
    const label = (list: 'order-source' | 'client-source', code: string) => refLabel(refEntries([], list), code);
    for (const code of ['site', 'showcase', 'phone']) expect(label('client-source', code)).toBe(label('order-source', code));
    expect(['site', 'showcase', 'phone'].map((code) => label('client-source', code))).toEqual(['Сайт', 'Витрина', 'Телефон']);
  });

  it('is the defaults until the list is stored, then the stored entries of that list alone, in their order', () => {
    expect(refEntries([], 'write-off-reason').map((e) => e.label)).toEqual(['Завяли', 'Сломаны', 'Брак поставщика', 'На витрину', 'Пересорт']);
    const stored = [
      record('write-off-reason', 'broken', 'Сломаны', 20),
      record('write-off-reason', 'frozen', 'Подмёрзли', 5),
      record('unit', 'pcs', 'шт.', 1),
      record('write-off-reason', 'wilted', 'Увяли', 10, false),
      { type: 'task', data: { list: 'write-off-reason', code: 'x', label: 'Не справочник', position: 0, active: true } },
      record('write-off-reason', 'BAD CODE', 'Неверный', 0),
    ];
    expect(refEntries(stored, 'write-off-reason')).toEqual([
      { code: 'frozen', label: 'Подмёрзли', active: true, whole: false },
      { code: 'wilted', label: 'Увяли', active: false, whole: false },
      { code: 'broken', label: 'Сломаны', active: true, whole: false },
    ]);
    expect(refLabel(refEntries(stored, 'write-off-reason'), 'wilted')).toBe('Увяли');
    expect(refLabel(refEntries(stored, 'write-off-reason'), 'gone')).toBe('gone');
  });

  it('offers in a form the active entries in the list’s order, a code an admin added too, but those the form may not take; keeps the chosen one', () => {
    const entries = refEntries(
      [record('order-source', 'marketplace', 'Озон и WB', 1), record('order-source', 'phone', 'Звонок', 2), record('order-source', 'showcase', 'Витрина', 3, false), record('order-source', 'telegram', 'Телеграм', 4), record('order-source', 'site', 'Сайт', 5)],
      'order-source',
    );
    expect(refChoices(entries, undefined, ['site'])).toEqual([
      { code: 'marketplace', label: 'Озон и WB' },
      { code: 'phone', label: 'Звонок' },
      { code: 'telegram', label: 'Телеграм' },
    ]);
    expect(refChoices(entries, 'showcase', ['site']).map((c) => c.code)).toEqual(['marketplace', 'phone', 'showcase', 'telegram']);
  });

  it('refuses a code the list has not, or one switched off unless the record held it already, in Russian', () => {
    const entries = refEntries([record('client-source', 'telegram', 'Телеграм', 1), record('client-source', 'fair', 'Ярмарка', 2, false)], 'client-source');
    expect(refCodeIssue(entries, 'client-source', 'telegram')).toBeUndefined();
    expect(refCodeIssue(entries, 'client-source', 'fax')).toBe('В справочнике «Откуда клиенты» нет значения «fax»: добавьте его на странице справочников');
    expect(refCodeIssue(entries, 'client-source', 'fair')).toBe('Значение «Ярмарка» справочника «Откуда клиенты» отключено');
    expect(refCodeIssue(entries, 'client-source', 'fair', 'fair')).toBeUndefined();
  });

  it('says which units are counted whole: шт. and уп. by default, stored before the rule as their defaults, a new one as the admin set it', () => {
    expect(refEntries([], 'unit').map((e) => [e.code, e.whole])).toEqual([['pcs', true], ['m', false], ['pack', true], ['kg', false]]);
    // Stored by version 1, before units said it: read as their code's default, never «fractions allowed» by omission.
    const old = (code: string, label: string) => ({ type: 'ref', v: 1, data: { list: 'unit', code, label, position: 0, active: true } });
    const stored = [old('pcs', 'штуки'), old('kg', 'кг'), { type: 'ref', v: 2, data: { list: 'unit', code: 'bunch', label: 'пучок', position: 5, active: true, whole: true } }];
    expect(refEntries(stored, 'unit').map((e) => [e.code, e.whole])).toEqual([['kg', false], ['pcs', true], ['bunch', true]]);
  });
});
