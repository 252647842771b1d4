import { officeRecord, type OfficeRecord } from '../../schema/shared/record';
import { recipeBookOf, type RecipeBook } from '../../schema/studio/stock/recipe-book';
import { fromSynced } from '../db/synced';
import type { Stored } from '../db/docs';

/** Every record the office database holds now (design documents and damaged writes left out). */
export const officeRecords = async (office: PouchDB.Database): Promise<OfficeRecord[]> => {
  const { rows } = await office.allDocs({ include_docs: true });
  return rows.flatMap((r) => {
    if (!r.doc || r.id.startsWith('_')) return [];
    const parsed = officeRecord.safeParse(fromSynced(r.doc as Stored<Omit<OfficeRecord, 'id'>>));
    return parsed.success ? [parsed.data] : [];
  });
};

/** The recipe book (cards, flowers, purchase prices) as the office database holds it now: read afresh, never kept. */
export const storedRecipeBook = async (office: PouchDB.Database): Promise<RecipeBook> => recipeBookOf(await officeRecords(office));
