import { useCallback, useEffect, useState } from 'react';
import type { AnyEntity } from '../../../schema/entities';
import { currentRecord, type OfficeRecord } from '../../../schema/shared/record';
import { useLocal } from '../../data/local-data-context';
import {
  getRemoteRecord, removeOfficeRecord, removeRemoteRecord, saveOfficeRecord, saveRemoteRecord, useOfficeRecords, useRemoteRecords, type RecordPage, type RecordQuery,
} from '../../data/records';
import { useSession } from '../../shared/auth/session';

/** One page of an entity's list: from the device for the office tier, from the record API (cached) for the admin tier. */
export const useEntityPage = (entity: AnyEntity, q: RecordQuery): RecordPage => {
  const { data } = useLocal();
  const office = useOfficeRecords(data.shop.office, entity, q, entity.tier === 'office');
  const remote = useRemoteRecords(data.dataSources.cache, entity, q, entity.tier === 'admin');
  return entity.tier === 'office' ? office : remote;
};

/** One record, as the entity's current version reads it: undefined while it loads, null when there is none (or it could not be read: `error`). */
export const useEntityRecord = (entity: AnyEntity, id: string): { record: OfficeRecord | null | undefined; error?: string } => {
  const { data } = useLocal();
  const [state, setState] = useState<{ id: string; record: OfficeRecord | null | undefined; error?: string }>({ id, record: undefined });
  useEffect(() => {
    if (entity.tier === 'office') {
      const sub = data.shop.office.findOne(id).$.subscribe((doc) => setState({ id, record: doc && doc.type === entity.type ? currentRecord(entity, doc.toMutableJSON()).record : null }));
      return () => sub.unsubscribe();
    }
    let current = true;
    getRemoteRecord(entity, id).then(
      (record) => current && setState({ id, record }),
      (e: Error) => current && setState({ id, record: null, error: e.message }),
    );
    return () => {
      current = false;
    };
  }, [data, entity, id]);
  return state.id === id ? state : { record: undefined };
};

/** Saves and removes records of an entity where its tier keeps them; answers the saved record's id. */
export const useEntityWrites = (entity: AnyEntity) => {
  const { data } = useLocal();
  const { user } = useSession();
  const save = useCallback(
    async (values: Record<string, unknown>, record?: OfficeRecord): Promise<string> => {
      if (!user) throw new Error('Войдите, чтобы сохранить');
      return entity.tier === 'office' ? saveOfficeRecord(data.shop.office, entity, user.phone, values, record?.id) : saveRemoteRecord(entity, values, record);
    },
    [data, entity, user],
  );
  const remove = useCallback(
    (record: OfficeRecord) => (entity.tier === 'office' ? removeOfficeRecord(data.shop.office, record.id) : removeRemoteRecord(entity, record.id)),
    [data, entity],
  );
  return { save, remove };
};
