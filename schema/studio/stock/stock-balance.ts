import { z } from 'zod';

/**
 * One movement of a flower or material (stems, greenery, wrapping, ribbon) in or out of one warehouse: `qty` units,
 * positive in, negative out. Never stored on its own: a record of a stock-moving entity stands for its moves
 * (`moves` in schema/shared/entity.ts), and every balance is their sum.
 */
export const stockMove = z.strictObject({
  /** The flower's record id (entity `flower`). */
  flower: z.string().min(1).max(64),
  /** The warehouse's record id (entity `warehouse`). */
  warehouse: z.string().min(1).max(64),
  qty: z.number().finite(),
});
export type StockMove = z.infer<typeof stockMove>;

const slot = (flower: string, warehouse: string) => `${flower}\u0000${warehouse}`;

/**
 * Balances of every flower in every warehouse, as the sum of the moves of the records seen so far. Each record's
 * contribution is kept by its id, so a record seen again (a replication retry, the changes feed from the start, a
 * cluster's winning revision after a conflict) replaces its own moves rather than adding them twice, and a record
 * gone (deleted draft) takes its moves away. Two devices recording movements offline therefore sum exactly.
 */
export class BalanceBook {
  private readonly byRecord = new Map<string, readonly StockMove[]>();
  private readonly sums = new Map<string, number>();
  /** Voids (schema/entities/void.ts) by their id, and the records they void: what those move counts nowhere. */
  private readonly voids = new Map<string, string>();
  private readonly voided = new Set<string>();

  /** Sets what one record moves (an empty list: it moves nothing, or no more). */
  set(recordId: string, moves: readonly StockMove[]): void {
    const counted = !this.voided.has(recordId);
    if (counted) for (const m of this.byRecord.get(recordId) ?? []) this.add(m, -1);
    if (moves.length) this.byRecord.set(recordId, moves);
    else this.byRecord.delete(recordId);
    if (counted) for (const m of moves) this.add(m, 1);
  }

  /** A void record of `target` seen, or (null) gone: in whichever order the void and its target arrive, the sum is the same. */
  setVoid(voidId: string, target: string | null): void {
    const was = this.voids.get(voidId);
    if (was === (target ?? undefined)) return;
    if (was !== undefined) {
      this.voids.delete(voidId);
      if (![...this.voids.values()].includes(was)) {
        this.voided.delete(was);
        for (const m of this.byRecord.get(was) ?? []) this.add(m, 1);
      }
    }
    if (target === null) return;
    this.voids.set(voidId, target);
    if (this.voided.has(target)) return;
    this.voided.add(target);
    for (const m of this.byRecord.get(target) ?? []) this.add(m, -1);
  }

  /** Whether a record is voided (its moves, and a posted invoice's prices, count nowhere). */
  isVoided(recordId: string): boolean {
    return this.voided.has(recordId);
  }

  private add(m: StockMove, sign: 1 | -1) {
    const key = slot(m.flower, m.warehouse);
    // Rounded to thousandths: materials by the metre or kilogram add up without binary fractions creeping in.
    const next = Math.round(((this.sums.get(key) ?? 0) + sign * m.qty) * 1000) / 1000;
    if (next === 0) this.sums.delete(key);
    else this.sums.set(key, next);
  }

  /** What one record moves as counted now (nothing for a voided one). */
  countedMoves(recordId: string): readonly StockMove[] {
    return this.voided.has(recordId) ? [] : (this.byRecord.get(recordId) ?? []);
  }

  /** Units of one flower in one warehouse. */
  balance(flower: string, warehouse: string): number {
    return this.sums.get(slot(flower, warehouse)) ?? 0;
  }

  /** Units of one flower over every warehouse. */
  total(flower: string): number {
    let n = 0;
    for (const [key, v] of this.sums) if (key.startsWith(`${flower}\u0000`)) n += v;
    return Math.round(n * 1000) / 1000;
  }

  /** Every non-zero balance. */
  all(): { flower: string; warehouse: string; qty: number }[] {
    return [...this.sums].map(([key, qty]) => {
      const [flower = '', warehouse = ''] = key.split('\u0000');
      return { flower, warehouse, qty };
    });
  }
}
