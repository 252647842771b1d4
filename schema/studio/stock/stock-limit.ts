import { slip } from '../../entities/slip';
import { transfer } from '../../entities/transfer';
import type { OfficeRecord } from '../../shared/record';
import { movesOfRecord } from '../../shared/record-moves';
import type { BalanceBook } from './stock-balance';

/** How a refusal names a warehouse and a flower (its name and its unit's label). */
export interface StockNames {
  warehouse(id: string): string;
  flower(id: string): { title: string; unit: string };
}

const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 });

/**
 * Why a write-off or transfer may not be stored online, or undefined: it takes out of a warehouse more of a flower
 * than the balance holds («На складе «Холодильник» 48 шт., списать 100 000 нельзя»). Lines of one flower count
 * together. A record recorded offline is not judged by it (the server stores it and the balance shows «ушло в минус»).
 */
export const stockLimitIssue = (record: Pick<OfficeRecord, 'type' | 'v' | 'data'>, book: Pick<BalanceBook, 'balance'>, names: StockNames): string | undefined => {
  if (record.type !== slip.type && record.type !== transfer.type) return undefined;
  const out = new Map<string, { flower: string; warehouse: string; qty: number }>();
  for (const m of movesOfRecord(record)) {
    if (m.qty >= 0) continue;
    const key = `${m.flower}\u0000${m.warehouse}`;
    const seen = out.get(key);
    out.set(key, { flower: m.flower, warehouse: m.warehouse, qty: Math.round(((seen?.qty ?? 0) - m.qty) * 1000) / 1000 });
  }
  const verb = record.type === slip.type ? 'списать' : 'переместить';
  for (const o of out.values()) {
    const held = book.balance(o.flower, o.warehouse);
    if (o.qty <= held) continue;
    const f = names.flower(o.flower);
    return `На складе «${names.warehouse(o.warehouse)}» ${number.format(held)} ${f.unit}, ${verb} ${number.format(o.qty)} нельзя (${f.title})`;
  }
  return undefined;
};

/** The flower × warehouse balances below zero: stock that «ушло в минус» (an offline write-off that took more than there was) until a count mends it. */
export const belowZero = (book: BalanceBook): { flower: string; warehouse: string; qty: number }[] => book.all().filter((b) => b.qty < 0);
