import { z } from 'zod';

/**
 * What a shopper's search text must be before anything is searched. No search library here: the client's first
 * view imports this file, the index itself (schema/shop/search.ts) is loaded when a search runs.
 */

/** Longer than any product name or article code: a longer text is a paste gone wrong, not a query. */
const searchQueryMax = 200;

export const searchMessages = {
  empty: 'Введите название букета, цветка или артикул',
  noWords: 'В запросе нет ни букв, ни цифр: введите название или артикул',
  tooLong: `Слишком длинный запрос: не больше ${searchQueryMax} символов`,
} as const;

type SearchQueryProblem = keyof typeof searchMessages;

const hasWords = (q: string): boolean => /[\p{L}\p{N}]/u.test(q);

/** Why this text cannot be searched, or null when it can. */
export const searchQueryProblem = (q: string): SearchQueryProblem | null => {
  if (!q.trim()) return 'empty';
  if (q.length > searchQueryMax) return 'tooLong';
  if (!hasWords(q)) return 'noWords';
  return null;
};

/**
 * The search text of /api requests. An empty one means "no name filter" in the list calls (the back-office lists
 * everything that way); punctuation alone or a 1,000-character paste is refused with a message, never read as
 * "everything".
 */
export const searchText = z
  .string()
  .max(searchQueryMax, searchMessages.tooLong)
  .refine((q) => !q.trim() || hasWords(q), searchMessages.noWords);
