import { techCard } from '../../schema/entities/tech-card';
import type { OfficeRecord } from '../../schema/record';
import { techCardIssue } from '../../schema/tech-card';
import { refuse, type BatchPushRule } from '../db/push-rule';
import type { Storage } from '../db/storage';
import { storedRecipeBook } from './recipe-book';

/**
 * The record API's check of a tech card before it is stored (`check` of server/records/record-service.ts): a card
 * that would include itself, directly or through other cards, or a fractional quantity of a flower in pieces, is
 * refused with the Russian reason.
 */
export const recipeCheck = (storage: Storage) => async (record: OfficeRecord): Promise<string | undefined> => {
  const data = techCard.fields.safeParse(record.data);
  if (!data.success) return undefined;
  const { cards, units } = await storedRecipeBook(storage.db('office'));
  return techCardIssue(record.id, data.data, cards, units);
};

/**
 * The same check for cards pushed to /db/office: around the office's batch rule, read once per batch that holds a
 * card; each card accepted counts for the next in the batch, so two cards that would include each other are not both
 * stored. A refused card comes back to its device as a conflict with the reason; the rest of the batch goes on.
 */
export const withRecipeCheck =
  (rule: BatchPushRule): BatchPushRule =>
  async (db, user, docs) => {
    const perDocument = await rule(db, user, docs);
    if (!docs.some((d) => d.type === techCard.type && !d._deleted)) return perDocument;
    const { cards, units } = await storedRecipeBook(db);
    return (u, doc, existing) => {
      const verdict = perDocument(u, doc, existing);
      if (!verdict.ok || doc._deleted || doc.type !== techCard.type) return verdict;
      const data = techCard.fields.safeParse(doc.data);
      if (!data.success) return verdict;
      const issue = techCardIssue(doc._id, data.data, cards, units);
      if (issue) return refuse(issue);
      cards.set(doc._id, data.data);
      return verdict;
    };
  };
