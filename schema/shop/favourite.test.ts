import { describe, expect, it } from 'vitest';
import { newerMark, type FavouriteMark } from './favourite';

/** Folds marks in the given order, as a server or a device would receive them. */
const fold = (marks: FavouriteMark[]) => {
  const state = new Map<string, FavouriteMark>();
  for (const m of marks) if (newerMark(m, state.get(m.id))) state.set(m.id, m);
  return [...state.values()].filter((m) => m.on).map((m) => m.id).sort();
};

const permutations = <T>(xs: T[]): T[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));

describe('favourite marks converge', () => {
  const marks: FavouriteMark[] = [
    { id: 'a', on: true, at: 10 },
    { id: 'a', on: false, at: 20 },
    { id: 'b', on: false, at: 5 },
    { id: 'b', on: true, at: 5 },
    { id: 'c', on: true, at: 1 },
    { id: 'c', on: true, at: 1 },
  ];

  it('to the same set whatever order the marks arrive in: the later change wins, a tie is an add', () => {
    for (const order of permutations(marks)) expect(fold(order)).toEqual(['b', 'c']);
  });
});
