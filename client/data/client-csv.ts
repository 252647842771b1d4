import { call } from '../lib/api';

export interface ClientImport {
  created: number;
  updated: number;
  unchanged: number;
  errors: { line: number; error: string }[];
}

/** Every client card as CSV (schema/studio/clients/client-csv.ts), read online: client data is admin-tier and never kept on a device. */
export const exportClients = () => call('POST /api/clients/export', {});

/** Sends a CSV file's text; `allOrNothing`: any bad row and nothing is stored (the error lists every line). */
export const importClients = (csv: string, allOrNothing: boolean) => call('POST /api/clients/import', { csv, allOrNothing });
