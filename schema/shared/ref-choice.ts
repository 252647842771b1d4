import { z } from 'zod';
import type { RefList } from './ref-defaults';

/**
 * A field that stores the code of one entry of a reference list (schema/entities/ref.ts): a charge's category from
 * `cash-reason`, an invoice line's unit. The meta `ref` tells the generic form to offer the list's entries (the
 * device's records of it, falling back to `refDefaults`), lists to show the entry's label, and the server to take only
 * a registered, active entry (server/refs/ref-codes.ts, in a list's rows too). `builtIn`: codes the field takes that
 * are no entry of the list, each with its Russian name (a write-off line's `assembly`, «Сборка заказа»): only the
 * server writes them, so the record API and /db/office refuse one a stored copy did not hold already. `copied`: the
 * code is copied from records already stored (a shift report's charges), so an entry switched off since still
 * stands; one the list lacks does not. `copied: 'draft'`: copied too, but only while the record is a draft: once it
 * becomes a fact (its entity's `frozen`: a posted invoice, whose line copied its flower's unit) the entry must be
 * switched on, whatever the draft held.
 */
export const refCode = (list: RefList, message: string, options: { builtIn?: Readonly<Record<string, string>>; copied?: boolean | 'draft' } = {}) =>
  z
    .string({ error: message })
    .regex(/^[a-z0-9-]{1,40}$/, message)
    .meta({ ref: list, ...(options.builtIn ? { builtIn: options.builtIn } : {}), ...(options.copied ? { copied: options.copied } : {}) });
