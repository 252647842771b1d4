import { z } from 'zod';
import { derivedId } from '../shared/derived-id';
import { defineEntity } from '../shared/entity';

/** The id of the one void a fact can have: `void-{target}`, so a fact is voided once on every path and app server. */
export const voidIdOf = (target: string) => derivedId('void-', target);

/** Said when a fact's void is stored already, on the record API and on a device's push alike. */
export const voidedTwice = 'Эта запись уже сторнирована: второй раз её не сторнируют';

/**
 * A storno (issue 27, item 6): a manager's reversal of a wrong fact — a write-off, a posted invoice, a transfer, a
 * finished count, a charge, a payment to a supplier, a shift close. The fact stays as it was and is shown struck
 * through with who voided it, when and why; every reader counts it as if it were not there (schema/shared/voids.ts).
 * A fact itself: it is never changed or deleted, and its id is made from the target's, so a second void is refused.
 */
export const voidFact = defineEntity({
  type: 'void',
  path: 'voids',
  screen: '/admin/charges',
  labels: {
    one: 'Сторно',
    many: 'Сторно',
    create: 'Сторнировать',
    fields: { target: 'Запись', targetType: 'Вид записи', reason: 'Причина' },
  },
  tier: 'office',
  write: 'fact',
  access: { read: 'florist', create: 'manager', update: 'manager', delete: null },
  fields: z.strictObject({
    /** The voided record's id. */
    target: z.string({ error: 'Укажите запись' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'Неверный идентификатор записи'),
    /** Its entity's type (schema/entities), checked against the stored record by the void's rule. */
    targetType: z.string({ error: 'Укажите вид записи' }).min(1, 'Укажите вид записи').max(40),
    reason: z.string({ error: 'Укажите причину сторно' }).trim().min(3, 'Укажите причину сторно').max(500, 'Причина длиннее 500 символов'),
  }),
  list: { columns: ['target', 'targetType', 'reason'], search: ['reason', 'target'], sort: 'target' },
  example: { target: 'charge-0001abcd', targetType: 'charge', reason: 'Расход записали дважды' },
  title: (v) => `Сторно ${v.target}`,
  key: { id: (v) => voidIdOf(v.target), taken: voidedTwice, fixed: 'Сторнируемую запись не меняют' },
  version: 1,
  // A fact: nobody changes it, so there is never anything to merge.
  merge: (server) => server.data,
});
