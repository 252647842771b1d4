import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../shared/admin-routes';
import { backOfficeRoutes, entityRoutes, screenOf } from '../shared/back-office-routes';
import { dbAccess } from '../shared/databases';
import { reaches } from '../shared/user';
import { entities } from '.';
import { referencePlaces } from '../shared/reference';

describe('the entity registry', () => {
  const all = Object.values(entities);

  it('names each entity once, by its key, with a path of its own', () => {
    for (const [key, e] of Object.entries(entities)) expect(e.type).toBe(key);
    expect(new Set(all.map((e) => e.path)).size).toBe(all.length);
  });

  it('places every entity where exactly its readers read: office records are pulled whole by every staff device', () => {
    for (const e of all.filter((x) => x.tier === 'office')) expect(e.access.read, e.type).toBe(dbAccess.office.read);
  });

  it('gives every entity an admin screen, the spec\'s or its own, that asks no less than reading it does', () => {
    for (const e of all) {
      // A command is shown on what it acts on: order commands on the order's screen, /admin/orders/{id}.
      const screen = backOfficeRoutes[screenOf(e)];
      expect(screen, e.path).toBeDefined();
      expect(reaches(screen.need, e.access.read), e.path).toBe(true);
    }
  });

  it('derives a route for exactly the entities the spec has none for, each in a menu area, none shadowing a spec route', () => {
    for (const [path, route] of Object.entries(entityRoutes)) {
      expect(Object.hasOwn(adminRoutes, path), path).toBe(false);
      expect(route.area, `${path}: declare its menu area (area) in its defineEntity`).not.toBeNull();
    }
    for (const e of all) if (e.area) expect(Object.hasOwn(entityRoutes, screenOf(e)), `${e.type}: area is for an entity beyond the spec's table`).toBe(true);
  });

  it('lists, searches, sorts and filters by fields the entity has, and its example is valid', () => {
    for (const e of all) {
      const fields = Object.keys(e.fields.shape);
      for (const k of [...e.list.columns, ...e.list.search, e.list.sort, ...(e.list.filters ?? [])]) expect(fields, `${e.type}.${k}`).toContain(k);
      expect(e.fields.safeParse(e.example).success, e.type).toBe(true);
      expect(e.version).toBeGreaterThanOrEqual(1);
    }
  });

  it('points every reference at an entity of the registry, and every id field that names a warehouse, flower, supplier, invoice or card is one', () => {
    const places = all.flatMap((e) => referencePlaces(e.fields).map((p) => `${e.type}.${p.field}${p.row ? `.${p.row}` : ''}→${p.entity}`));
    for (const p of places) expect(Object.keys(entities), p).toContain(p.split('→')[1]);
    expect(places).toEqual(expect.arrayContaining([
      'slip.warehouse→warehouse', 'slip.lines.flower→flower', 'transfer.from→warehouse', 'transfer.to→warehouse', 'transfer.lines.flower→flower',
      'stockCount.warehouse→warehouse', 'stockCount.lines.flower→flower', 'invoice.supplier→supplier', 'invoice.warehouse→warehouse', 'invoice.lines.flower→flower',
      'techCard.warehouse→warehouse', 'techCard.lines.flower→flower', 'techCard.lines.card→techCard', 'supplierPayment.invoice→invoice',
    ]));
  });

  it('lets nobody delete a fact', () => {
    for (const e of all.filter((x) => x.write === 'fact')) expect([e.access.delete, e.access.own?.includes('delete') ?? false], e.type).toEqual([null, false]);
  });
});
