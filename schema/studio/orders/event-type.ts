import { z } from 'zod';

/**
 * What a calendar event is (spec §3), apart from the event's schema (schema/studio/orders/event.ts): the calendar's address takes a
 * type as a filter, and the route tree that reads the address is in the storefront's first view, which the event
 * schema stays out of.
 */
export const eventTypes = [
  { id: 'order', label: 'Заказ' },
  { id: 'sell', label: 'Продажа' },
  { id: 'supply', label: 'Закупка' },
  { id: 'event', label: 'Событие' },
  { id: 'workday', label: 'Рабочий день' },
  { id: 'birthday', label: 'День рождения' },
] as const;
export const eventType = z.enum(['order', 'sell', 'supply', 'event', 'workday', 'birthday']);
