import { taskStatuses } from '../../../schema/entities/task';
import type { EntityType } from '../../../schema/entities';

/**
 * Russian names of enum values, by entity and field. The registry names fields, not values; until an entity
 * definition carries its values' names, they are listed here beside the screens that show them.
 */
const labels: Partial<Record<EntityType, Record<string, Record<string, string>>>> = {
  task: { status: Object.fromEntries(taskStatuses.map((s) => [s.id, s.label])) },
};

export const valueLabel = (type: EntityType, field: string, value: string): string => labels[type]?.[field]?.[value] ?? value;

export const valueOptions = (type: EntityType, field: string, values: string[]) => values.map((id) => ({ id, label: valueLabel(type, field, id) }));
