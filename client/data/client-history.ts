import type { ClientHistory } from '../../schema/client-history';
import { api } from '../lib/api';

/** A card's dates with their orders in earlier years and the last recipient, from the server (admins only, online). */
export const clientHistory = (id: string) => api<{ data: ClientHistory }>('/api/clients/history', { id });
