import { z } from 'zod';
import { ref, refEntries, refId, type RefEntry, type RefList } from '../../schema/entities/ref';
import type { WriteRule } from '../records/write-pipeline';
import { namedCodes, refPlaces, refPlacesIssue } from './ref-codes';

const fieldsOf = z.record(z.string(), z.unknown());

/**
 * A field that stores a code of a reference list (a client's source, a flower's unit, an invoice line's unit, a
 * write-off line's reason) takes only a registered, active entry of the studio's list, or one its stored copy held
 * (refPlacesIssue). Each list is read once a batch; entries pushed in the same batch count.
 */
const refCodesRule: WriteRule = {
  name: 'reference codes',
  applies: (entity) => refPlaces(entity.fields).length > 0,
  async judge(batch, records) {
    const lists = new Set(records.flatMap((r) => refPlaces(batch.entityOf(r.type)?.fields ?? ref.fields).map((p) => p.list)));
    const alongside = batch.records.filter((r) => r.type === ref.type);
    const entries = new Map<RefList, RefEntry[]>();
    for (const list of lists) {
      // The codes the batch names: one the process's copy of the list lacks has the list read from the store.
      const wanted = [...new Set(records.flatMap((r) => namedCodes(refPlaces(batch.entityOf(r.type)?.fields ?? ref.fields), r.data, list)))].map((code) => refId(list, code)).filter((id) => !alongside.some((a) => a.id === id));
      const stored = (await batch.stored.prefixed(ref, refId(list, ''), wanted)).filter((r) => !alongside.some((a) => a.id === r.id));
      entries.set(list, refEntries([...stored, ...alongside], list));
    }
    return {
      issue(record, before) {
        const entity = batch.entityOf(record.type);
        if (!entity) return undefined;
        const held = fieldsOf.safeParse(before?.data).data ?? {};
        const issue = refPlacesIssue(entity, refPlaces(entity.fields), record, held, (list) => entries.get(list) ?? []);
        return issue && `${entity.labels.one}: ${issue}`;
      },
    };
  },
};

export const refRules: readonly WriteRule[] = [refCodesRule];
