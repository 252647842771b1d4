import { tierDatabases } from '../../schema/shared/databases';
import { ref, refDefaults, refId, refList, type RefList } from '../../schema/entities/ref';
import { derivedFields, type OfficeRecord } from '../../schema/shared/record';
import type { Shop } from '../context';
import { createIfMissing, getDoc } from '../db/docs';
import { toSynced } from '../db/synced';

/** The mark written once every default entry is stored: after it, an entry an admin deleted does not come back. */
const seededMark = 'seeded-refs';

/**
 * One entry of a list as the server stores it when it is not there: a default entry as `refDefaults` has it, at its
 * place (positions 10, 20, …: room to insert between), switched on; a code the defaults lack under its own name, last.
 */
export const defaultRefRecord = (list: RefList, code: string, at: number): OfficeRecord => {
  const i = refDefaults[list].findIndex((e) => e.code === code);
  const entry = refDefaults[list][i];
  const data = ref.fields.parse({ list, code, label: entry?.label ?? code, position: entry ? (i + 1) * 10 : 10_000, active: true, whole: entry?.whole ?? false });
  return { id: refId(list, code), type: 'ref' as const, ...derivedFields(ref, data), createdBy: '', createdAt: at, updatedBy: '', updatedAt: at, data };
};

/** The records the reference lists start with: `refDefaults` in their order. */
const defaultRefRecords = (at: number): OfficeRecord[] => refList.options.flatMap((list) => refDefaults[list].map((entry) => defaultRefRecord(list, entry.code, at)));

/**
 * Stores the reference lists' defaults as records, at every start of every shop (not demo data: a real studio needs
 * its write-off reasons too), until the mark says it was done. Ids are the entries' keys (`ref-{list}-{code}`), and each
 * is written only if missing (the store's first write wins), so two app servers starting at once store each entry once
 * and an entry an admin already changed is left as it is.
 */
export const seedRefs = async (shop: Shop): Promise<void> => {
  if (await getDoc(shop.auth, seededMark)) return;
  const office = shop.storage.db(tierDatabases[ref.tier]);
  for (const record of defaultRefRecords(Date.now())) await createIfMissing(office, record.id, toSynced(record));
  await createIfMissing(shop.auth, seededMark, { at: Date.now() });
};
