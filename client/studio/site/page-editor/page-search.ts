import { z } from 'zod';

/** The editors' address: which page (`key`, its path without the leading /) and whether it is a new one. */
export const pageEditorSearch = z.object({
  key: z.string().max(121).optional().catch(undefined),
  isNew: z.boolean().optional().catch(undefined),
});
