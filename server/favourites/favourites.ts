import { maxFavourites, newerMark, type FavouriteMark } from '../../schema/shop/favourite';
import { isConflict, isNotFound } from '../db/docs';
import type { Storage } from '../db/storage';
import { HttpError } from '../http/errors';

/** One product's mark of one customer, under the id `{phone}:{product}`. */
interface Mark {
  on: boolean;
  at: number;
}
type StoredMark = Mark & { _id: string; _rev: string; _conflicts?: string[] };

const idOf = (phone: string, product: string) => `${phone}:${product}`;
const attempts = 20;

/**
 * Customers' favourites in the server-only `favourites` database (DECISIONS.md «Favourites»): one small document per
 * customer and product, holding the newest mark. Marks are merged by `newerMark`, so a mark sent twice, late or out
 * of order changes nothing it should not, and conflict branches a cluster leaves are resolved by the same rule.
 */
export const favouritesOf = (storage: Storage) => {
  const db = () => storage.db('favourites');

  /** The product's mark; conflict branches are folded into the best one and deleted. */
  const read = async (id: string): Promise<StoredMark | null> => {
    let doc: StoredMark;
    try {
      doc = (await db().get(id, { conflicts: true })) as unknown as StoredMark;
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
    if (!doc._conflicts?.length) return doc;
    const branches = (await Promise.all(doc._conflicts.map((rev) => db().get(id, { rev })))) as unknown as StoredMark[];
    const best = branches.reduce<Mark>((a, b) => (newerMark(b, a) ? b : a), doc);
    await db().bulkDocs([
      ...branches.map((b) => ({ _id: id, _rev: b._rev, _deleted: true })),
      ...(best !== doc ? [{ _id: id, _rev: doc._rev, on: best.on, at: best.at }] : []),
    ]);
    return read(id);
  };

  const marksOf = async (phone: string): Promise<(Mark & { id: string })[]> => {
    const rows = (await db().allDocs({ startkey: `${phone}:`, endkey: `${phone}:\ufff0`, include_docs: true, conflicts: true })).rows;
    const marks = await Promise.all(
      rows.map(async (r) => {
        const doc = r.doc as unknown as StoredMark | undefined;
        const mark = doc?._conflicts?.length ? await read(r.id) : doc;
        return mark ? { id: r.id.slice(phone.length + 1), on: mark.on, at: mark.at } : null;
      }),
    );
    return marks.filter((m) => m !== null);
  };

  /** Writes a mark unless the stored one is newer; retried against a concurrent write. */
  const write = async (id: string, mark: Mark) => {
    for (let i = 0; i < attempts; i++) {
      const current = await read(id);
      if (!newerMark(mark, current)) return;
      try {
        await db().put({ _id: id, ...(current ? { _rev: current._rev } : {}), on: mark.on, at: mark.at });
        return;
      } catch (e) {
        if (!isConflict(e)) throw e;
      }
    }
    throw new HttpError(503, 'Избранное сейчас меняют слишком часто, попробуйте ещё раз');
  };

  return {
    /** The customer's favourites, newest first. */
    async list(phone: string): Promise<string[]> {
      return (await marksOf(phone)).filter((m) => m.on).sort((a, b) => b.at - a.at).map((m) => m.id);
    },

    /**
     * Applies a device's marks. A mark dated in the future (a device clock running ahead) counts as made now, so it
     * cannot outlive changes made after it. Only products the catalogue holds can be added.
     */
    async apply(phone: string, marks: FavouriteMark[], knownProducts: (ids: string[]) => Promise<Set<string>>, now = Date.now()): Promise<string[]> {
      const newest = new Map<string, Mark>();
      for (const m of marks) {
        const mark = { on: m.on, at: Math.min(m.at, now) };
        if (newerMark(mark, newest.get(m.id))) newest.set(m.id, mark);
      }
      const added = [...newest].filter(([, m]) => m.on).map(([id]) => id);
      const known = await knownProducts(added);
      const unknown = added.filter((id) => !known.has(id));
      if (unknown.length) throw new HttpError(400, 'Такого товара нет в каталоге', unknown.map((id) => ({ path: 'marks', message: `Нет товара ${id}` })));
      const current = await this.list(phone);
      const after = new Set(current);
      for (const [id, m] of newest) m.on ? after.add(id) : after.delete(id);
      if (after.size > maxFavourites && after.size > current.length) throw new HttpError(409, `В избранном может быть не больше ${maxFavourites} товаров`);
      for (const [id, m] of newest) await write(idOf(phone, id), m);
      return this.list(phone);
    },
  };
};
