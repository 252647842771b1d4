import { call } from '../lib/api';

/** A card's dates with their orders in earlier years and the last recipient, from the server (admins only, online). */
export const clientHistory = (id: string) => call('POST /api/clients/history', { id });
