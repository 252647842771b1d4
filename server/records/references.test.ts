import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flower } from '../../schema/entities/flower';
import { invoice } from '../../schema/entities/invoice';
import { slip } from '../../schema/entities/slip';
import { stockCount } from '../../schema/entities/stock-count';
import { supplierPayment } from '../../schema/entities/supplier-payment';
import { techCard } from '../../schema/entities/tech-card';
import { transfer } from '../../schema/entities/transfer';
import { today } from '../../schema/shared/day';
import { derivedFields, type OfficeRecord } from '../../schema/shared/record';
import { bothPaths, type BothPathsCase, type Writer } from '../testing/both-paths';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Saved = { data: OfficeRecord };
type Row = { id: string; ok?: boolean; error?: string; reason?: string };

const pushTo = async (url: string, cookie: string, docs: unknown[]): Promise<Row[]> => {
  const res = await fetch(`${url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs }) });
  return (await res.json()) as Row[];
};

/**
 * A field that names another record takes only a stored record of that entity, switched on (server/records/references.ts),
 * on the record API and a device's push alike.
 */
describe('references name real records, of the right entity, switched on', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const staff: Record<'florist' | 'manager' | 'admin', Writer> = {
    florist: { cookie: '', phone: demoPhones.florist },
    manager: { cookie: '', phone: demoPhones.manager },
    admin: { cookie: '', phone: demoPhones.admin },
  };
  const made = { supplier: '', posted: '', oldLily: '', base: '', oldBase: '' };
  const save = async (path: string, body: Record<string, unknown>, who: Writer = staff.manager) => {
    const answer = await call<Saved>(shop.url, `/api/${path}/update`, body, who.cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const switchOff = async (path: string, record: OfficeRecord) => save(path, { id: record.id, updatedAt: record.updatedAt, data: { ...record.data, active: false } }, staff.admin);

  beforeAll(async () => {
    shop = await startTestShop();
    for (const who of Object.values(staff)) who.cookie = await signIn(shop.url, who.phone);
    const showcase = await call<Saved>(shop.url, '/api/warehouses/get', { id: 'warehouse-showcase' }, staff.admin.cookie);
    await switchOff('warehouses', showcase.body.data);
    made.oldLily = (await switchOff('flowers', await save('flowers', { data: { name: 'Лилия', price: 300 } }))).id;
    made.supplier = (await save('suppliers', { data: { name: 'База «Флора»', phone: '79005554433', inn: '7701234567' } }, staff.admin)).id;
    made.posted = (await save('invoices', { data: { day: today(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 10, price: 90 }], status: 'posted' } })).id;
    const baseData = { name: 'Основа из эвкалипта', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-eucalyptus', qty: 3 }] };
    made.base = (await save('products', { data: baseData })).id;
    made.oldBase = (await switchOff('products', await save('products', { data: { ...baseData, name: 'Старая основа' } }))).id;
  });
  afterAll(() => shop.close());

  const florist = () => staff.florist;
  const manager = () => staff.manager;
  // Ids of records made in beforeAll are read when a case runs: `made.x` by name.
  const id = (v: unknown) => (typeof v === 'string' && v.startsWith('made.') ? made[v.slice(5) as keyof typeof made] : v);
  const ids = (l: Record<string, unknown>) => Object.fromEntries(Object.entries(l).map(([k, v]) => [k, id(v)]));
  const act = (over: Record<string, unknown> = {}, ...lines: Record<string, unknown>[]) => () => ({
    day: today(), warehouse: 'warehouse-cold', lines: (lines.length ? lines : [{}]).map((l) => ({ flower: 'flower-rose-explorer', qty: 1, reason: 'wilted', ...ids(l) })), ...over,
  });
  const card = (...lines: Record<string, unknown>[]) => () => ({ name: 'Букет', warehouse: 'warehouse-cold', lines: lines.map(ids) });
  const cases: BothPathsCase[] = [
    { name: 'a write-off from the cold room of a rose', entity: slip, data: act(), writer: florist },
    { name: 'a write-off from a warehouse that does not exist', entity: slip, data: act({ warehouse: 'warehouse-nope' }), writer: florist, refused: /^Акт списания: Склад — «warehouse-nope» — такой записи нет$/ },
    { name: 'a write-off of a flower that does not exist', entity: slip, data: act({}, {}, { flower: 'flower-nope' }), writer: florist, refused: /^Акт списания: Строки, строка 2 — «flower-nope» — такой записи нет$/ },
    {
      name: 'a write-off with the warehouse and the flower swapped',
      entity: slip,
      data: act({ warehouse: 'flower-rose-explorer' }, { flower: 'warehouse-cold' }),
      writer: florist,
      refused: /^Акт списания: Склад — «flower-rose-explorer» — это цветок или материал «Роза Explorer красная 60 см», а не склад$/,
    },
    { name: 'a second line naming a warehouse', entity: slip, data: act({}, {}, { flower: 'warehouse-cold' }), writer: florist, refused: /^Акт списания: Строки, строка 2 — «warehouse-cold» — это склад «Холодильник», а не цветок или материал$/ },
    { name: 'a write-off from a warehouse switched off', entity: slip, data: act({ warehouse: 'warehouse-showcase' }), writer: florist, refused: /^Акт списания: Склад — склад «Витрина» не используется$/ },
    { name: 'a write-off of a flower switched off', entity: slip, data: act({}, { flower: 'made.oldLily' }), writer: florist, refused: /^Акт списания: Строки, строка 1 — цветок или материал «Лилия» не используется$/ },
    {
      name: 'a transfer into a warehouse switched off',
      entity: transfer,
      data: () => ({ day: today(), from: 'warehouse-cold', to: 'warehouse-showcase', lines: [{ flower: 'flower-rose-explorer', qty: 1 }] }),
      writer: florist,
      refused: /^Перемещение: Куда — склад «Витрина» не используется$/,
    },
    { name: 'a count of a warehouse that does not exist', entity: stockCount, data: () => ({ day: today(), warehouse: 'wh-cold', lines: [] }), writer: florist, refused: /^Пересчёт: Склад — «wh-cold» — такой записи нет$/ },
    { name: 'a draft invoice without a supplier', entity: invoice, data: () => ({ day: today(), warehouse: 'warehouse-cold', supplier: '', lines: [] }), writer: florist },
    { name: 'a draft invoice from a stored supplier', entity: invoice, data: () => ({ day: today(), warehouse: 'warehouse-cold', supplier: made.supplier, lines: [] }), writer: manager },
    { name: 'an invoice from a supplier that does not exist', entity: invoice, data: () => ({ day: today(), warehouse: 'warehouse-cold', supplier: 'supplier-nope', lines: [] }), writer: manager, refused: /^Накладная: Поставщик — «supplier-nope» — такой записи нет$/ },
    { name: 'a payment on a posted invoice', entity: supplierPayment, data: () => ({ invoice: made.posted, day: today(), amount: 100 }), writer: manager },
    { name: 'a payment on an invoice that does not exist', entity: supplierPayment, data: () => ({ invoice: 'invoice-0001', day: today(), amount: 100 }), writer: manager, refused: /^Оплата поставщику: Накладная — «invoice-0001» — такой записи нет$/ },
    { name: 'a bouquet on a base card', entity: techCard, data: card({ card: 'made.base', qty: 1 }, { flower: 'flower-rose-explorer', qty: 5 }), writer: manager },
    { name: 'a bouquet on a flower named as its base card', entity: techCard, data: card({ card: 'flower-tulip', qty: 1 }), writer: manager, refused: /^Техкарта букета: Состав, строка 1 — «flower-tulip» — это цветок или материал «Тюльпан.*», а не техкарта букета$/ },
    { name: 'a bouquet on a base switched off', entity: techCard, data: card({ card: 'made.oldBase', qty: 1 }), writer: manager, refused: /^Техкарта букета: Состав, строка 1 — техкарта букета «Старая основа» не используется$/ },
  ];
  bothPaths(() => shop.url, cases);

  it('keeps a count and a draft invoice editable when a warehouse or flower they already named is switched off since', async () => {
    const warehouse = await save('warehouses', { data: { name: 'Балкон' } });
    const tulip = await save('flowers', { data: { name: 'Тюльпан белый', price: 100 } });
    const count = await save('stock-counts', { data: { day: today(), warehouse: warehouse.id, lines: [{ flower: tulip.id, expected: 0, counted: 3 }] } }, staff.florist);
    const draft = await save('invoices', { data: { day: today(), warehouse: warehouse.id, lines: [{ flower: tulip.id, qty: 5, price: 80 }] } }, staff.florist);
    await switchOff('warehouses', warehouse);
    await switchOff('flowers', tulip);

    // Through the record API: the note changes, the warehouse and the flower they held stay.
    const edited = await save('stock-counts', { id: count.id, updatedAt: count.updatedAt, data: { ...count.data, note: 'досчитали' } }, staff.florist);
    // Through a device's push of its edit.
    const rev = (await (await fetch(`${shop.url}/db/office/${draft.id}`, { headers: { cookie: staff.florist.cookie } })).json()) as { _rev: string };
    const data = { ...draft.data, note: 'цены с базы' };
    const at = Date.now();
    const [row] = await pushTo(shop.url, staff.florist.cookie, [
      { ...draft, _id: draft.id, _rev: rev._rev, id: undefined, ...derivedFields(invoice, invoice.fields.parse(data)), updatedBy: staff.florist.phone, updatedAt: at, data },
    ]);
    expect(row, JSON.stringify(row)).toMatchObject({ ok: true });

    // The flower stays valid anywhere in the lines the stored copy held it in; a new record may not name the warehouse, nor the count another one switched off.
    const added = await save('stock-counts', { id: count.id, updatedAt: edited.updatedAt, data: { ...count.data, lines: [...(count.data.lines as unknown[]), { flower: tulip.id, expected: 0, counted: 1 }] } }, staff.florist);
    const another = await call<{ error: string }>(shop.url, '/api/stock-counts/update', { data: { day: today(), warehouse: warehouse.id, lines: [] } }, staff.florist.cookie);
    expect(another.body.error).toBe('Пересчёт: Склад — склад «Балкон» не используется');
    const movedTo = await call<{ error: string }>(shop.url, '/api/stock-counts/update', { id: count.id, updatedAt: added.updatedAt, data: { ...count.data, warehouse: 'warehouse-showcase' } }, staff.florist.cookie);
    expect(movedTo.body.error).toBe('Пересчёт: Склад — склад «Витрина» не используется');
  });

  it('takes a flower and a warehouse made offline earlier in the same push, before the write-off that names them', async () => {
    // Made offline an hour ago: a new warehouse holds nothing yet, and an act recorded offline may take it below zero.
    const at = Date.now() - 60 * 60_000;
    const envelope = (id: string, type: string, v: number, title: string, data: Record<string, unknown>) =>
      ({ _id: id, type, v, title, createdBy: staff.manager.phone, createdAt: at, updatedBy: staff.manager.phone, updatedAt: at, data });
    const flowerData = flower.fields.parse({ name: 'Гвоздика', price: 90 });
    const actData = { day: today(new Date(at)), warehouse: 'warehouse-balcony-2', lines: [{ flower: 'flower-carnation-1', qty: 2, reason: 'wilted' }] };
    const rows = await pushTo(shop.url, staff.manager.cookie, [
      envelope('warehouse-balcony-2', 'warehouse', 1, 'Лоджия', { name: 'Лоджия' }),
      envelope('flower-carnation-1', 'flower', flower.version, 'Гвоздика', flowerData),
      { ...envelope('slip-carnation-1', 'slip', slip.version, '', actData), ...derivedFields(slip, slip.fields.parse(actData)) },
    ]);
    expect(rows.map((r) => r.ok), JSON.stringify(rows)).toEqual([true, true, true]);
    // The same write-off alone, naming a flower nobody made, is refused.
    const [alone] = await pushTo(shop.url, staff.manager.cookie, [
      { ...envelope('slip-carnation-2', 'slip', slip.version, '', { ...actData, lines: [{ flower: 'flower-carnation-9', qty: 2, reason: 'wilted' }] }), ...derivedFields(slip, slip.fields.parse(actData)) },
    ]);
    expect(alone).toMatchObject({ error: 'conflict', reason: 'Акт списания: Строки, строка 1 — «flower-carnation-9» — такой записи нет' });
  });
});
