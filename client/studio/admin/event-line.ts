import { eventTypes, type ShopEvent } from '../../../schema/studio/orders/event';

/** An event's type as the calendar names it: «Заказ», «Продажа». */
export const eventTypeLabel = (e: Pick<ShopEvent, 'type'>): string => eventTypes.find((t) => t.id === e.type)?.label ?? e.type;

/**
 * An event's title beside its type's tag, without saying the type twice: an order's event is titled «Заказ № 12»
 * and shown under the tag «Заказ» as «№ 12» (titles stored before «№ 12» was written with a space read the same).
 */
export const eventText = (e: Pick<ShopEvent, 'type' | 'title'>): string => {
  const label = eventTypeLabel(e);
  const rest = e.title.startsWith(`${label} `) ? e.title.slice(label.length + 1).trimStart() : e.title;
  return rest.replace(/^№\s*(\d)/, '№\u00a0$1') || e.title;
};
