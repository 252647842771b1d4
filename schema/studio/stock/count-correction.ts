import { derivedId } from '../../shared/derived-id';
import { stockCount, type CountLine } from '../../entities/stock-count';
import type { z } from 'zod';

type CountData = z.infer<typeof stockCount.fields>;

const prefix = 'count-fix-';

/** The id of the books' correction of a finished count: one per count, `count-fix-{count}`. */
export const countCorrectionId = (countId: string) => derivedId(prefix, countId);

/** Whether an id is a count correction's: only the server writes one, and it is voided only with its count. */
export const isCountCorrection = (id: string) => id.startsWith(prefix);

/**
 * The server's correction of a finished count (issue 27, item 4: a count's «expected» is the server's balance when
 * the count arrives). The count is stored as the device sent it, each line moving counted − expected by the
 * device's balance; this companion, a finished count of the same warehouse and day, moves each line's device
 * expected − server balance (its `expected` is the server's balance, its `counted` the device's; shifted so that
 * nothing counted is below zero), so the two
 * together move counted − server balance, and every device sums the same. Null when the device saw what the server held.
 */
export const countCorrection = (count: CountData, title: string, serverBalance: (flower: string) => number): CountData | null => {
  const lines: CountLine[] = count.lines.flatMap((l) => {
    const held = serverBalance(l.flower);
    if (held === l.expected) return [];
    // A count line's counted is never below zero: a device that saw a negative balance shifts both by it.
    return [l.expected >= 0 ? { flower: l.flower, expected: held, counted: l.expected } : { flower: l.flower, expected: Math.round((held - l.expected) * 1000) / 1000, counted: 0 }];
  });
  if (!lines.length) return null;
  return {
    day: count.day,
    warehouse: count.warehouse,
    lines,
    status: 'finished',
    note: `Поправка учёта к «${title}»: когда пересчёт пришёл на сервер, по учёту на складе было не то, что видело устройство (в строках: «ожидалось» — учёт сервера, «насчитано» — что видело устройство)`,
  };
};
