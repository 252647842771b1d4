import { techCard } from '../../schema/entities/tech-card';
import { recipeBookOf } from '../../schema/studio/stock/recipe-book';
import { techCardIssue } from '../../schema/studio/stock/tech-card';
import type { WriteRule } from '../records/write-pipeline';

/**
 * A tech card may include no card that includes it, directly or through others, and counts a flower in pieces only
 * whole (`techCardIssue`), by the recipe book the office holds, read once a batch; each card accepted counts for the
 * next, so two cards that would include each other are not both stored.
 */
const recipeRule: WriteRule = {
  name: 'recipes',
  applies: (entity) => entity.type === techCard.type,
  async judge(batch) {
    const { cards, units } = recipeBookOf(await batch.stored.tier(techCard.tier));
    const dataOf = (data: unknown) => techCard.fields.safeParse(data).data;
    return {
      issue(record) {
        const data = dataOf(record.data);
        return data && techCardIssue(record.id, data, cards, units);
      },
      accepted(record) {
        const data = dataOf(record.data);
        if (data) cards.set(record.id, data);
      },
    };
  },
};

export const techCardRules: readonly WriteRule[] = [recipeRule];
