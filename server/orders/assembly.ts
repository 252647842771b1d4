import { tierDatabases } from '../../schema/shared/databases';
import { today } from '../../schema/shared/day';
import { assemblySlipId, slip } from '../../schema/entities/slip';
import { assemblyStart } from '../../schema/studio/orders/order-assembly';
import { orderNo } from '../../schema/studio/orders/order-number';
import { derivedFields, type OfficeRecord } from '../../schema/shared/record';
import { assemblyTake } from '../../schema/studio/stock/tech-card';
import { claim } from '../db/claim';
import { getDoc } from '../db/docs';
import type { Storage } from '../db/storage';
import { toSynced } from '../db/synced';
import { storedRecipeBook } from '../tech-cards/recipe-book';
import type { OrderRecord } from './order-record';

/**
 * An order's bouquets take their stems when it is assembled (DECISIONS «Bouquets by tech card»): one write-off act
 * `asm-{order}` (reason `assembly`) with the stems of every line whose product a tech card is published as, each
 * costed at its purchase price: the order's cost of goods. Written by the server, once: its id is the order's, and
 * the first writer wins (server/db/claim.ts), so a repeated command, a restart or a second app server following
 * the same order never takes the stems twice. Safe to call after every change of an order.
 */
export const assembly = (storage: Storage) => {
  const office = storage.db(tierDatabases.office);
  return {
    async take(order: Pick<OrderRecord, 'id' | 'number' | 'lines' | 'history'>): Promise<void> {
      const started = assemblyStart(order.history);
      if (!started) return;
      const id = assemblySlipId(order.id);
      // Only a hint, read before the work; the claim below decides.
      if (await getDoc(office, id)) return;
      const book = await storedRecipeBook(office);
      const take = assemblyTake(order.lines, book.cards, book.prices, book.units);
      if (!take) return;
      const data = slip.fields.parse({
        day: today(new Date(started.at)),
        warehouse: take.warehouse,
        lines: take.lines,
        order: order.id,
        note: order.number ? `Сборка заказа ${orderNo(order.number)}` : 'Сборка заказа',
      });
      const record: OfficeRecord = { id, type: slip.type, ...derivedFields(slip, data), createdBy: started.by, createdAt: started.at, updatedBy: started.by, updatedAt: started.at, data };
      await claim(office, id, toSynced(record));
    },
  };
};
