import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shift, shiftId } from '../../../../schema/entities/shift';
import { shiftTakings } from '../../../../schema/studio/money/shift-takings';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { openLocalData, type LocalData } from '../../../data/database';
import { ApiError, offlineMessage } from '../../../lib/api';
import { recordFullClose, type DayCharge } from './full-close';

describe('the full close of a shift on the device', () => {
  let data: LocalData;
  beforeAll(async () => {
    data = await openLocalData(`fullclose${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  });
  afterAll(async () => {
    await data.shop.close();
    await data.dataSources.close();
  });

  const day = '2026-11-25';
  const charges: DayCharge[] = [{ id: 'c1', day, direction: 'out', method: 'cash', amount: 500, category: 'market', note: 'Зелень' }];
  const takings = shiftTakings(day, [{ status: 'done', total: 3000, source: 'showcase', paid: { status: 'paid', method: 'cash', at: Date.parse(`${day}T10:00:00Z`) } }], charges, 1000);
  const input = { day, opening: '1 000', cash: '3 400', card: '0', note: '' };
  const author = '79000000003';
  const count = async () => (await data.shop.office.find({ selector: { type: 'shift' } }).exec()).length;

  it('writes nothing while a count does not parse, and says which', async () => {
    const result = await recordFullClose(data.shop.office, author, { ...input, cash: 'три тысячи', card: '-5' }, takings, charges);
    expect(result).toEqual({ ok: false, errors: { cash: 'Пересчёт — целое число рублей, например 12500', card: 'Пересчёт — целое число рублей, например 12500' } });
    expect(await count()).toBe(0);
  });

  it('asks for the difference to be explained', async () => {
    const result = await recordFullClose(data.shop.office, author, input, takings, charges);
    expect(result).toEqual({ ok: false, errors: { note: 'Есть расхождение: объясните его в заметке' } });
    expect(await count()).toBe(0);
  });

  it('sends the close to the server when online and keeps nothing on the device; a refusal comes back as the server said it', async () => {
    const sent: unknown[] = [];
    const record: OfficeRecord = { id: shiftId(day), type: 'shift', v: 1, title: `Смена ${day}`, day, createdBy: author, createdAt: 1, updatedBy: author, updatedAt: 1, data: shift.example };
    const taken = async (d: unknown) => (sent.push(d), record);
    const result = await recordFullClose(data.shop.office, author, { ...input, note: 'Сдача покупателю' }, takings, charges, taken);
    expect(result).toEqual({ ok: true, record, sent: true });
    expect(sent).toMatchObject([{ day, counted: { cash: 3400, card: 0 }, note: 'Сдача покупателю' }]);
    const refused = async () => {
      throw new ApiError(409, 'Смена за этот день уже закрыта');
    };
    await expect(recordFullClose(data.shop.office, author, { ...input, note: 'Сдача покупателю' }, takings, charges, refused)).rejects.toThrow('Смена за этот день уже закрыта');
    expect(await count()).toBe(0);
  });

  it('keeps the close on the device under the day’s key, once, when the server is out of reach', async () => {
    const away = async (): Promise<OfficeRecord> => {
      throw new ApiError(0, offlineMessage);
    };
    const result = await recordFullClose(data.shop.office, author, { ...input, note: 'Сдача покупателю' }, takings, charges, away);
    expect(result).toMatchObject({ ok: true, sent: false });
    const stored = await data.shop.office.findOne(shiftId(day)).exec();
    expect(stored?.toMutableJSON()).toMatchObject({
      type: 'shift', createdBy: author, day,
      data: { opening: 1000, expectedCash: 3500, counted: { cash: 3400, card: 0 }, cashOut: 500, cashMoves: [{ direction: 'out', category: 'market', amount: 500, note: 'Зелень' }], note: 'Сдача покупателю' },
    });
    const again = await recordFullClose(data.shop.office, author, { ...input, note: 'Ещё раз' }, takings, charges, away);
    expect(again).toEqual({ ok: false, errors: { day: 'Смена за этот день уже закрыта' } });
    expect(await count()).toBe(1);
  });
});
