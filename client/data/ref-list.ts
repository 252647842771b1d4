import { useCallback, useMemo } from 'react';
import { map } from 'rxjs';
import { refEntries, refList, type RefEntry, type RefList } from '../../schema/entities/ref';
import { unitOf, type Unit } from '../../schema/shared/unit';
import type { LocalData } from './database';
import { useDeviceReading } from './device-or-snapshot';

/**
 * One reference list (/admin/refs) as this device knows it, live: the ref records in its office collection (pulled
 * while staff are signed in, so offline too), in their order, or `refDefaults` until the device holds that list.
 * Every screen that offers order sources, client sources, write-off reasons, cash reasons or units reads it here.
 *
 *   const sources = useRefList('order-source');
 *   sources.filter((e) => e.active) // what to offer; refLabel(sources, order.source) names a stored one
 */
export const useRefList = (list: RefList): RefEntry[] =>
  useDeviceReading(
    useCallback(
      (data: LocalData) => data.shop.office.find({ selector: { type: 'ref' } }).$.pipe(map((docs) => refEntries(docs.map((d) => d.toJSON()), list))),
      [list],
    ),
  ) ?? defaults[list];

/** What a list holds before the device has answered: the same array every render. */
const defaults = Object.fromEntries(refList.options.map((l) => [l, refEntries([], l)])) as Record<RefList, RefEntry[]>;

/**
 * The studio's units (the `unit` list, live) as a lookup: what a flower's unit code is called and whether it is
 * counted whole, for the screens that type or show quantities (schema/shared/unit.ts `qtyIssue`).
 */
export const useUnits = (): ((code: string | undefined) => Unit) => {
  const list = useRefList('unit');
  return useMemo(() => (code) => unitOf(list, code ?? 'pcs'), [list]);
};
