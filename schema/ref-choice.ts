import { z } from 'zod';
import type { RefList } from './entities/ref';

/**
 * A field that stores the code of one entry of a reference list (schema/entities/ref.ts): a charge's category from
 * `cash-reason`. The meta `ref` tells the generic form to offer the list's entries (the device's records of it,
 * falling back to `refDefaults`), and lists to show the entry's label.
 */
export const refCode = (list: RefList, message: string) =>
  z.string({ error: message }).regex(/^[a-z0-9-]{1,40}$/, message).meta({ ref: list });
