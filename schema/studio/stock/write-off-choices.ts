/** How often a flower was written off and when last (an act's `createdAt`). */
export interface WriteOffUses {
  times: number;
  last: number;
}

/**
 * How often each flower was written off, from acts (each act counts once per line that names it): what orders the
 * write-off screen's quick choices. The device counts its acts, the server its stock projection's
 * (server/stock/stock-projection.ts), for the form's first content before the device has pulled.
 */
export const writeOffUses = (acts: Iterable<{ createdAt: number; flowers: readonly string[] }>): Map<string, WriteOffUses> => {
  const uses = new Map<string, WriteOffUses>();
  for (const act of acts)
    for (const id of act.flowers) {
      const seen = uses.get(id) ?? { times: 0, last: 0 };
      uses.set(id, { times: seen.times + 1, last: Math.max(seen.last, act.createdAt) });
    }
  return uses;
};

/**
 * The write-off screen's quick choices before anything is typed (issue 29, item 6): what the chosen warehouse holds
 * (more than 0 left), the flowers written off most often first (then the latest, then by name), at most `limit`. A
 * search still looks in every name, so a flower the device counts at 0 can be written off offline all the same.
 */
export const writeOffChoices = <F extends { id: string; title: string }>(
  flowers: readonly F[],
  left: (id: string) => number,
  uses: ReadonlyMap<string, WriteOffUses>,
  limit: number,
): F[] => {
  const of = (id: string) => uses.get(id) ?? { times: 0, last: 0 };
  return flowers
    .filter((f) => left(f.id) > 0)
    .toSorted((a, b) => of(b.id).times - of(a.id).times || of(b.id).last - of(a.id).last || a.title.localeCompare(b.title, 'ru'))
    .slice(0, limit);
};
