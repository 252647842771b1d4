import { entities, type EntityType } from '../../../schema/entities';

/** The Russian name of an enum value, from the entity's definition (`labels.values`); the value itself if none. */
export const valueLabel = (type: EntityType, field: string, value: string): string => {
  const values: Partial<Record<string, Record<string, string>>> = entities[type].labels.values ?? {};
  return values[field]?.[value] ?? value;
};

export const valueOptions = (type: EntityType, field: string, values: string[]) => values.map((id) => ({ id, label: valueLabel(type, field, id) }));
