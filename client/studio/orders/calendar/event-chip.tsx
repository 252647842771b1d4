import type { ReactNode } from 'react';
import { formatRoubles } from '../../../../schema/shared/money';
import { eventTypeLabel, type ShopEvent } from '../../../../schema/studio/orders/event';

/** One event in a day's list: its type's colour and label (spec §3), title, sum. */
export const EventLine = ({ event, actions }: { event: ShopEvent; actions?: ReactNode }) => (
  <li className={`event-line event--${event.type}`}>
    <span className="event-line__type">{eventTypeLabel(event.type)}</span>
    <span className="event-line__title">
      {event.title}
      {event.description && <span className="muted"> — {event.description}</span>}
    </span>
    {event.sum > 0 && <span className="event-line__sum">{formatRoubles(event.sum)}</span>}
    {actions}
  </li>
);
