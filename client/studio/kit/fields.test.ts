import { describe, expect, it } from 'vitest';
import { charge } from '../../../schema/entities/charge';
import { client } from '../../../schema/entities/client';
import { contractor } from '../../../schema/entities/contractor';
import { courier } from '../../../schema/entities/courier';
import { task } from '../../../schema/entities/task';
import { invoice } from '../../../schema/entities/invoice';
import { supplierPayment } from '../../../schema/entities/supplier-payment';
import { techCard } from '../../../schema/entities/tech-card';
import { transfer } from '../../../schema/entities/transfer';
import { cellText, fieldsOf, fromFormValues, toFormValues } from './fields';
import { today } from '../../../schema/shared/day';

const kinds = (e: Parameters<typeof fieldsOf>[0]) => Object.fromEntries(fieldsOf(e).map((f) => [f.name, `${f.kind}${f.optional ? '?' : ''}`]));

describe('the generic form reads its inputs from the entity’s zod fields', () => {
  it('maps each field to an input of its kind, with the registry’s Russian label', () => {
    expect(kinds(courier)).toEqual({ name: 'text', phone: 'phone', feePerDelivery: 'roubles?', active: 'boolean?', note: 'longtext?' });
    expect(kinds(task)).toEqual({ title: 'text', assignee: 'phone?', due: 'day?', dueTime: 'time?', status: 'enum?', orderId: 'text?', note: 'longtext?' });
    expect(fieldsOf(courier).find((f) => f.name === 'feePerDelivery')?.label).toBe('Оплата за доставку, ₽');
    expect(fieldsOf(task).find((f) => f.name === 'status')?.options).toEqual([
      { id: 'todo', label: 'Надо сделать' },
      { id: 'doing', label: 'В работе' },
      { id: 'done', label: 'Готово' },
    ]);
  });

  it('offers a reference list’s entries for a field that picks from it (a charge’s category), and reads a typed sum', () => {
    const category = fieldsOf(charge).find((f) => f.name === 'category');
    expect(category).toMatchObject({ kind: 'enum', ref: 'cash-reason', anyCode: true, optional: false });
    expect(fieldsOf(charge).find((f) => f.name === 'amount')?.kind).toBe('roubles');
    expect(category?.options?.slice(0, 2)).toEqual([
      { id: 'rent', label: 'Аренда' },
      { id: 'wages', label: 'Зарплата' },
    ]);
    const typed = fromFormValues(charge, { ...toFormValues(charge), day: '2026-11-25', category: 'market', amount: '1500' });
    expect(typed).toMatchObject({ ok: true, data: { amount: 1500, category: 'market', direction: 'out', method: 'cash' } });
    const words = fromFormValues(charge, { ...toFormValues(charge), day: '2026-11-25', category: 'market', amount: 'полторы тысячи' });
    expect(words).toMatchObject({ ok: false });
  });

  it('reads a field that names another record as a picker of that entity, in rows of lines too, never a bare id box', () => {
    expect(fieldsOf(transfer).find((f) => f.name === 'from')).toMatchObject({ kind: 'reference', reference: 'warehouse', optional: false });
    expect(fieldsOf(transfer).find((f) => f.name === 'lines')?.items?.find((f) => f.name === 'flower')).toMatchObject({ kind: 'reference', reference: 'flower' });
    expect(fieldsOf(supplierPayment).find((f) => f.name === 'invoice')).toMatchObject({ kind: 'reference', reference: 'invoice' });
    expect(fieldsOf(invoice).find((f) => f.name === 'supplier')).toMatchObject({ kind: 'reference', reference: 'supplier', optional: true });
    const card = fieldsOf(techCard).find((f) => f.name === 'lines')?.items;
    expect(card?.map((f) => [f.name, f.kind, f.reference])).toEqual([['flower', 'reference', 'flower'], ['card', 'reference', 'techCard'], ['qty', 'number', undefined]]);
  });

  it('marks an enum whose choices a reference list governs (a client’s source: «Откуда клиенты» at /admin/refs)', () => {
    expect(fieldsOf(client).find((f) => f.name === 'source')?.ref).toBe('client-source');
    expect(fieldsOf(task).find((f) => f.name === 'status')?.ref).toBeUndefined();
  });

  it('starts a new record from the fields’ defaults', () => {
    expect(toFormValues(courier)).toEqual({ name: '', phone: '', feePerDelivery: '0', active: true, note: '' });
    expect(toFormValues(task)).toMatchObject({ status: 'todo', due: '', assignee: '' });
  });

  it('shows a stored record as its inputs, the phone in the spec’s mask', () => {
    expect(toFormValues(courier, { name: 'Пётр', phone: '79161234567', feePerDelivery: 450, active: false, note: '' })).toEqual({
      name: 'Пётр', phone: '+7 (916) 123-45-67', feePerDelivery: '450', active: false, note: '',
    });
  });

  it('turns inputs into data: digits of the phone, numbers of roubles, empty optional fields left out', () => {
    const result = fromFormValues(courier, { name: ' Пётр ', phone: '+7 (916) 123-45-67', feePerDelivery: '1 200', active: true, note: '' });
    expect(result).toEqual({ ok: true, data: { name: 'Пётр', phone: '79161234567', feePerDelivery: 1200, active: true, note: '' } });
    const t = fromFormValues(task, { title: 'Полить розы', assignee: '+7 (', due: '', dueTime: '', status: 'doing', orderId: '', note: '' });
    expect(t).toEqual({ ok: true, data: { title: 'Полить розы', assignee: '', status: 'doing', note: '' } });
  });

  it('answers Russian errors by field, beside the input they belong to', () => {
    const result = fromFormValues(courier, { name: '', phone: '+7 (916) 12', feePerDelivery: 'сто', active: true, note: '' });
    expect(result).toEqual({ ok: false, errors: { name: 'Укажите имя', phone: 'Номер телефона: +7 и 10 цифр', feePerDelivery: 'Введите число' } });
    const t = fromFormValues(task, { title: 'x', assignee: '', due: '2026-02-30', dueTime: '25:00', status: 'todo', orderId: '', note: '' });
    expect(t).toEqual({ ok: false, errors: { due: 'Такой даты нет', dueTime: 'Время в формате ЧЧ:ММ' } });
    expect(fromFormValues(courier, { name: 'Пётр', phone: '+7 (916) 123-45-67', feePerDelivery: '-5', active: true, note: '' })).toEqual({
      ok: false, errors: { feePerDelivery: 'Сумма не может быть отрицательной' },
    });
  });

  it('edits a list of small records row by row, shows computed fields without sending them, and names a row’s error by its place', () => {
    const dates = fieldsOf(client).find((f) => f.name === 'dates')!;
    expect(dates.kind).toBe('list');
    expect(dates.items?.map((f) => [f.name, f.label, f.kind])).toEqual([
      ['kind', 'Какая дата', 'enum'],
      ['title', 'Что за дата', 'text'],
      ['date', 'Дата (ММ-ДД)', 'text'],
      ['recipient', 'Кому цветы', 'text'],
      ['recipientPhone', 'Телефон получателя', 'phone'],
      ['address', 'Адрес', 'longtext'],
    ]);
    expect(fieldsOf(client).find((f) => f.name === 'spent')?.computed).toBe(true);
    const values = toFormValues(client, { ...client.fields.parse(client.example), spent: 5000 });
    expect(values.dates).toEqual([{ kind: 'birthday', title: 'День рождения мамы', date: '05-12', recipient: 'Ольга', recipientPhone: '', address: 'Тверская, 1' }]);
    const ok = fromFormValues(client, { ...values, dates: [{ kind: 'anniversary', title: 'Годовщина', date: '06-01', recipient: '', recipientPhone: '+7 (900) 111-22-33', address: '' }] });
    expect(ok).toMatchObject({ ok: true, data: { dates: [{ kind: 'anniversary', title: 'Годовщина', date: '06-01', recipientPhone: '79001112233' }], spent: 0 } });
    const bad = fromFormValues(client, { ...values, dates: [{ kind: 'birthday', title: 'x', date: '02-30', recipient: '', recipientPhone: '', address: '' }] });
    expect(bad).toEqual({ ok: false, errors: { 'dates.0.date': 'Такой даты нет' } });
  });

  it('edits a list of plain values (a contractor’s phones) one input a row, each phone in the spec’s mask, its error by its place', () => {
    const phones = fieldsOf(contractor).find((f) => f.name === 'phones')!;
    expect(phones).toMatchObject({ kind: 'list', plain: true, label: 'Телефоны' });
    expect(phones.items?.map((f) => [f.name, f.label, f.kind, f.optional])).toEqual([['value', 'Телефон', 'phone', false]]);
    const values = toFormValues(contractor, contractor.fields.parse(contractor.example));
    expect(values.phones).toEqual([{ value: '+7 (900) 555-44-33' }, { value: '+7 (900) 555-44-34' }]);
    expect(toFormValues(contractor).phones).toEqual([]);
    const ok = fromFormValues(contractor, { ...values, phones: [{ value: '+7 (900) 555-44-33' }, { value: '+7 (901) 000-00-01' }] });
    expect(ok).toMatchObject({ ok: true, data: { phones: ['79005554433', '79010000001'] } });
    const empty = fromFormValues(contractor, { ...values, phones: [{ value: '+7 (900) 555-44-33' }, { value: '+7 (' }] });
    expect(empty).toEqual({ ok: false, errors: { 'phones.1': 'Укажите номер телефона' } });
    const twice = fromFormValues(contractor, { ...values, phones: [{ value: '+7 (900) 555-44-33' }, { value: '8 900 555 44 33' }] });
    expect(twice).toEqual({ ok: false, errors: { 'phones.1': 'Этот телефон уже есть в списке' } });
    expect(cellText(contractor, phones, ['79005554433', '79010000001'])).toBe('+7 (900) 555-44-33, +7 (901) 000-00-01');
    expect(cellText(contractor, phones, [])).toBe('—');
  });

  it('starts a new record’s own date on today (a charge, an invoice), and leaves a record’s dates as the person gives them (a task’s due day)', () => {
    expect(toFormValues(charge).day).toBe(today());
    expect(toFormValues(invoice).day).toBe(today());
    expect(toFormValues(task).due).toBe('');
    expect(toFormValues(charge, { ...charge.example, day: '2026-11-01' }).day).toBe('2026-11-01');
  });
});
