import { actPart, chargePart, orderPart, type DayAct, type DayEntry, type DaySums } from '../../schema/studio/reports/analytics-days';
import type { ChargeFact, SoldOrder } from '../../schema/studio/reports/analytics-report';
import { followDb } from '../db/follow';
import type { Storage } from '../db/storage';
import { chargeFactOf, everyReport, slipFactOf, soldOrderOf, voidTargetOf } from './studio-facts';

type Office = 'office' | 'admin';
/** What a part is recomputed for: an order with the acts naming it, an act's own lines, a charge. */
type Unit = readonly ['order', string] | readonly ['act', string] | readonly ['charge', string];

/**
 * The studio's sums by day (issue 32, item 3; DECISIONS «Analytics sums days»), in this app server: every placed order
 * (`orders`), write-off act and charge (`office`, `admin`) adds its part (schema/studio/reports/analytics-days.ts) to
 * the rows of its days as its changes arrive; a change takes the old part away and adds the new one (an order's
 * status, payment or lines, its act, a void). Caught up with each database's changes before every report, as the
 * stock projection is (server/db/follow.ts), so a fact written through any app server or device is in the next report
 * everywhere; nothing one process holds decides. A report then sums at most 366 + 366 + 31 rows.
 */
export const daySummary = (storage: Storage) => {
  const rows = new Map<string, { sums: Map<string, number[]>; names: Map<string, Map<string, string>> }>();
  /** Per customer, how many orders not cancelled each day holds: the first day is the earliest. */
  const firsts = new Map<string, Map<string, number>>();
  const orders = new Map<string, SoldOrder>();
  /** Acts by `{database}:{id}`, and the acts naming each order. */
  const acts = new Map<string, { id: string; fact: DayAct }>();
  const actsOf = new Map<string, Set<string>>();
  const charges = new Map<string, { id: string; fact: ChargeFact }>();
  /** Void records by `{database}:{id}`: their target; and how many voids each target has. */
  const voids = new Map<string, string>();
  const voidCount = new Map<string, number>();
  /** The records every report reads whatever its period (prices, counts, lists, names, voids), by database. */
  const always = { office: new Set<string>(), admin: new Set<string>() };

  const voided = (id: string) => (voidCount.get(id) ?? 0) > 0;
  const liveAct = (key: string) => {
    const a = acts.get(key);
    return a && !voided(a.id) ? a.fact : undefined;
  };
  const partOf = ([kind, key]: Unit): DayEntry[] => {
    if (kind === 'order') return orderPart(orders.get(key), [...(actsOf.get(key) ?? [])].flatMap((k) => liveAct(k) ?? []));
    if (kind === 'act') return actPart(liveAct(key));
    const c = charges.get(key);
    return chargePart(c && !voided(c.id) ? c.fact : undefined);
  };
  const apply = (entries: DayEntry[], sign: 1 | -1) => {
    for (const e of entries) {
      const row = rows.get(e.day) ?? { sums: new Map<string, number[]>(), names: new Map<string, Map<string, string>>() };
      rows.set(e.day, row);
      if (e.key === 'name' && 'product' in e) {
        const names = row.names.get(e.product) ?? new Map<string, string>();
        if (sign > 0) names.set(e.order, e.name);
        else names.delete(e.order);
        if (names.size) row.names.set(e.product, names);
        else row.names.delete(e.product);
      } else if (e.key === 'first' && 'customer' in e) {
        const days = firsts.get(e.customer) ?? new Map<string, number>();
        const n = (days.get(e.day) ?? 0) + sign;
        if (n > 0) days.set(e.day, n);
        else days.delete(e.day);
        if (days.size) firsts.set(e.customer, days);
        else firsts.delete(e.customer);
      } else if ('values' in e) {
        const was = row.sums.get(e.key);
        if (!was) row.sums.set(e.key, e.values.map((v) => v * sign));
        else {
          e.values.forEach((v, i) => (was[i] += v * sign));
          if (was[0] === 0) row.sums.delete(e.key);
        }
      }
    }
  };
  /** Takes away the parts of `units`, changes what they are made of, adds their parts again. */
  const change = (units: Unit[], mutate: () => void) => {
    const seen = new Set<string>();
    const distinct = units.filter(([kind, key]) => !seen.has(`${kind} ${key}`) && !!seen.add(`${kind} ${key}`));
    for (const u of distinct) apply(partOf(u), -1);
    mutate();
    for (const u of distinct) apply(partOf(u), 1);
  };
  /** Everything a void of `target` changes: the act or charge of that id in either database, and the act's order. */
  const targetUnits = (target: string): Unit[] =>
    (['office', 'admin'] as const).flatMap((db): Unit[] => {
      const key = `${db}:${target}`;
      const act = acts.get(key);
      return [['act', key], ['charge', key], ...(act?.fact.order ? [['order', act.fact.order] as const] : [])];
    });

  const followOrders = followDb(storage, 'orders', (id, doc, deleted) => {
    const order = !deleted && doc && !id.startsWith('_') ? soldOrderOf(doc) : undefined;
    change([['order', id]], () => {
      if (order) orders.set(id, order);
      else orders.delete(id);
    });
  });

  const followOffice = (db: Office) =>
    followDb(storage, db, (id, doc, deleted) => {
      const key = `${db}:${id}`;
      const record = !deleted && doc && !id.startsWith('_') ? doc : undefined;
      const act = record ? slipFactOf(id, record) : undefined;
      const charge = record ? chargeFactOf(record) : undefined;
      const target = record ? voidTargetOf(record) : undefined;
      const old = acts.get(key);
      const oldTarget = voids.get(key);
      const units: Unit[] = [['act', key], ['charge', key]];
      for (const order of [old?.fact.order, act?.order]) if (order) units.push(['order', order]);
      for (const t of [oldTarget, target]) if (t) units.push(...targetUnits(t));
      change(units, () => {
        if (old?.fact.order) actsOf.get(old.fact.order)?.delete(key);
        if (act) {
          acts.set(key, { id, fact: act });
          if (act.order) actsOf.set(act.order, (actsOf.get(act.order) ?? new Set()).add(key));
        } else acts.delete(key);
        if (charge) charges.set(key, { id, fact: charge });
        else charges.delete(key);
        if (oldTarget) voidCount.set(oldTarget, (voidCount.get(oldTarget) ?? 1) - 1);
        if (target) voidCount.set(target, (voidCount.get(target) ?? 0) + 1);
        if (target) voids.set(key, target);
        else voids.delete(key);
      });
      if (record && everyReport.has(String((record as { type?: unknown }).type))) always[db].add(id);
      else always[db].delete(id);
    });
  const follows = [followOrders, followOffice('office'), followOffice('admin')];
  const current = () => Promise.all(follows.map((f) => f())).then(() => undefined);

  const sums: DaySums = {
    sums: (day) => rows.get(day)?.sums,
    productName(product, days) {
      let best: [string, string] | undefined;
      for (const day of days) for (const [order, name] of rows.get(day)?.names.get(product) ?? []) if (!best || order < best[0]) best = [order, name];
      return best?.[1];
    },
    firstDay(customer) {
      const days = firsts.get(customer);
      return days ? [...days.keys()].sort()[0] : undefined;
    },
  };

  return {
    /** Reads what is stored so far (every app server at start, without waiting for it). */
    warm: current,
    /** The day sums caught up with every change stored before the call, and the ids of the records every report reads. */
    async read(): Promise<{ sums: DaySums; always: { name: Office; ids: string[] }[] }> {
      await current();
      return { sums, always: (['office', 'admin'] as const).map((name) => ({ name, ids: [...always[name]] })) };
    },
  };
};
export type DaySummary = ReturnType<typeof daySummary>;
