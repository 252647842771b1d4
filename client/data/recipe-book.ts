import { useMemo } from 'react';
import { map } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { flower } from '../../schema/entities/flower';
import { invoice } from '../../schema/entities/invoice';
import { techCard } from '../../schema/entities/tech-card';
import { voidFact } from '../../schema/entities/void';
import { warehouse } from '../../schema/entities/warehouse';
import type { OfficeRecord } from '../../schema/shared/record';
import { recipeBookOf, type RecipeBook } from '../../schema/studio/stock/recipe-book';
import { useObservable } from '../lib/use-observable';

interface RecipeChoices {
  book: RecipeBook;
  loading: boolean;
}

const empty: RecipeChoices = { book: recipeBookOf([]), loading: true };
const types = [techCard.type, flower.type, invoice.type, warehouse.type, voidFact.type];

/**
 * The tech cards' book on a staff device, live: cards, flowers with their purchase prices (from the posted invoices
 * the device holds, offline too) and warehouses — the same book the server reads (schema/studio/stock/recipe-book.ts), so the
 * cost a florist sees is the one the server stamps on an assembly.
 */
export const useRecipeBook = (office: RxCollection<OfficeRecord>): RecipeChoices => {
  const source = useMemo(
    () =>
      office.find({ selector: { type: { $in: types } } }).$.pipe(
        map((docs): RecipeChoices => ({ book: recipeBookOf(docs.map((d) => d.toMutableJSON())), loading: false })),
      ),
    [office],
  );
  return useObservable(source, empty);
};
