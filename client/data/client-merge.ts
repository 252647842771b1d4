import { call } from '../lib/api';

/** Merges the card `drop` into `keep` on the server (schema/studio/clients/client-merge.ts). */
export const mergeClients = (keep: string, drop: string) => call('POST /api/clients/merge', { keep, drop });
