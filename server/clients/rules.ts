import { client } from '../../schema/entities/client';
import { recordData } from '../../schema/shared/record';
import type { Storage } from '../db/storage';
import type { WriteRule } from '../records/write-pipeline';
import { phonesTakenIssue } from './card-of-phone';

/**
 * A phone on one card only: a sign-in or an order from it finds that card (card-of-phone.ts), so a card may not take
 * a phone another card holds; a merge is the way to join them. Each card of the batch is looked up once.
 */
const clientPhonesRule = (storage: Storage): WriteRule => ({
  name: 'a phone on one card',
  applies: (entity) => entity.type === client.type,
  async judge(_batch, records) {
    const issues = new Map<string, string | undefined>();
    for (const record of records) {
      const data = recordData(client, record);
      issues.set(record.id, data ? await phonesTakenIssue(storage, record.id, data) : undefined);
    }
    return { issue: (record) => issues.get(record.id) };
  },
});

export const clientRules = (storage: Storage): readonly WriteRule[] => [clientPhonesRule(storage)];
