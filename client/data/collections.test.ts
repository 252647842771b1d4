import { describe, expect, it } from 'vitest';
import { entityTypes } from '../../schema/entities';
import { dataSourceCollections, shopCollections } from './collections';
import { schemaHash } from './testing/schema-hash';

const all: Record<string, { schema: object; version: number; owner: string; migrationStrategies: Record<number, (doc: Record<string, unknown>) => unknown> }> = {
  ...shopCollections,
  ...dataSourceCollections,
};

/**
 * The derived RxDB schema of each collection at its version. A device that stored a collection refuses to
 * reopen it (RxDB DB6: a blank page) when the schema changes and the version does not.
 */
const pinned: Record<string, { version: number; hash: string }> = {
  products: { version: 2, hash: 'd879d824d67cabf5' },
  pages: { version: 4, hash: '64ab1165d67a3846' },
  events: { version: 2, hash: 'cbc30b9837075289' },
  carts: { version: 1, hash: 'd394de8d1a23c7ca' },
  orders: { version: 13, hash: 'eefd73bd65361cd5' },
  pendingOrders: { version: 5, hash: 'a43eee6ffdb0a8f6' },
  office: { version: 6, hash: '13f3478541fc9c36' },
  cache: { version: 1, hash: 'a7fdb689868cc7ef' },
};

describe('collections of the page', () => {
  it('stay at 8 or fewer over all databases (RxDB open source refuses more than 13)', () => {
    expect(Object.keys(all).length).toBeLessThanOrEqual(8);
  });

  it.each(Object.keys(all))('%s: its derived schema is the one pinned for its version', (name) => {
    const { schema, version } = all[name];
    const hash = schemaHash(schema);
    const pin = pinned[name];
    if (!pin) expect.fail(`${name} is new: pin it in client/data/collections.test.ts as { version: ${version}, hash: '${hash}' }.`);
    if (pin.version === version && pin.hash !== hash)
      expect.fail(
        `The RxDB schema of ${name} changed (hash ${hash}, pinned ${pin.hash}) but its version is still ${version}: every device that stored it ` +
          `would refuse to open it (DB6, a blank page). Raise ${name}'s version in client/data/collections.ts to ${version + 1}, give a 'device' ` +
          `collection a migration for it, then pin { version: ${version + 1}, hash: '${hash}' } here.`,
      );
    if (pin.version !== version)
      expect.fail(`${name} is now version ${version}: check its migration, then pin { version: ${version}, hash: '${hash}' } in client/data/collections.test.ts.`);
  });

  it.each(Object.keys(all))('%s: an older store has a way up for every version (server copies drop, device data is lifted)', (name) => {
    const { version, owner, migrationStrategies } = all[name];
    const sample = { id: 'x', owner: 'undefined', cart: {} };
    for (let v = 1; v <= version; v++) {
      expect(migrationStrategies[v], `${name} v${v}`).toBeTypeOf('function');
      if (owner === 'server') expect(migrationStrategies[v](sample)).toBeNull();
      else expect(migrationStrategies[v](sample)).not.toBeNull();
    }
  });

  it('office: names no entity, so adding or removing one never changes its schema (nor asks for a version)', () => {
    const json = JSON.stringify(shopCollections.office.schema);
    const named = entityTypes.filter((t) => json.includes(`"${t}"`));
    expect(named, 'the office schema lists entity types: every new entity would need a version bump').toEqual([]);
    expect(shopCollections.office.schema.properties.type).toEqual({ type: 'string', pattern: expect.any(String) });
  });
});
