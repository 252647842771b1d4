import { useEffect, useState } from 'react';
import type { EventsMonth } from '../../../../schema/studio/orders/event';
import { calendarFactTypes } from '../../../../schema/studio/orders/fact-events';
import { deviceFacts, loadMonth, type MonthEvents } from '../../../data/calendar';
import { useLocal } from '../../../data/local-data-context';

interface MonthState {
  shown: MonthEvents | undefined;
  error: string | undefined;
}

/**
 * A month of the calendar on screen: from the server online, the device's copy offline, with the entries made from
 * the books the device holds (supplies, write-offs, shift closes); read again whenever the device's calendar or those books change (a pull brought an event, this device wrote one). A late answer for a month left is dropped.
 */
export const useMonth = ({ month, year }: EventsMonth): MonthState => {
  const { data } = useLocal();
  const [state, setState] = useState<MonthState & { key: string }>({ key: '', shown: undefined, error: undefined });
  const key = `${year}-${month}`;
  useEffect(() => {
    let current = true;
    const read = () =>
      loadMonth(data.shop.events, { month, year }, undefined, (m) => deviceFacts(data.shop.office, m)).then(
        (shown) => current && setState({ key, shown, error: undefined }),
        (e: Error) => current && setState((s) => ({ ...s, key, error: e.message })),
      );
    void read();
    const changes = data.shop.events.$.subscribe(() => void read());
    // The books' entries follow their records: an invoice posted, an act written or voided, a shift closed.
    const facts = data.shop.office.find({ selector: { type: { $in: [...calendarFactTypes] } } }).$.subscribe(() => void read());
    addEventListener('online', read);
    addEventListener('offline', read);
    return () => {
      current = false;
      changes.unsubscribe();
      facts.unsubscribe();
      removeEventListener('online', read);
      removeEventListener('offline', read);
    };
  }, [data, key, month, year]);
  return state.key === key ? state : { shown: undefined, error: undefined };
};
