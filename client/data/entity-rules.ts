import type { AnyEntity } from '../../schema/entities';

type Data = Record<string, unknown>;
type Versioned = { data: Data; updatedAt: number };

/**
 * An entity's functions over its data, callable on any entity of the registry. The registry is a union, and a union
 * of functions takes only the intersection of their arguments; every caller passes data parsed with the entity's
 * own `fields` first (or the entity's own stored data), which is what each function expects.
 */
interface EntityRules {
  title(data: Data): string;
  day(data: Data): string | undefined;
  merge(server: Versioned, mine: Versioned): Data;
}

export const rulesOf = (entity: AnyEntity): EntityRules => {
  const e = entity as unknown as { title: (d: Data) => string; day?: (d: Data) => string | undefined; merge: EntityRules['merge'] };
  return { title: (d) => e.title(d).slice(0, 200), day: (d) => e.day?.(d), merge: (s, m) => e.merge(s, m) };
};
