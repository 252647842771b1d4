import { z } from 'zod';
import { day } from '../shared/day';
import { defineEntity } from '../shared/entity';
import { roubles } from '../shared/money';
import { refCode } from '../shared/ref-choice';
import { shiftDifference } from '../studio/money/shift-takings';
import { chargeDirection } from './charge';

const sum = roubles.default(0);

/** A cash charge of the shift as its report lists it. */
const shiftCashMove = z.strictObject({
  direction: chargeDirection,
  /** Copied from the day's charges: a category switched off after a charge took it still closes the day. */
  category: refCode('cash-reason', 'Выберите статью', { copied: true }),
  amount: roubles,
  note: z.string().max(500).default(''),
});

/** What the till was counted to hold: whole roubles, none below nothing. */
const counted = z.number({ error: 'Пересчёт — число рублей' }).int('Пересчёт — целое число рублей').min(0, 'Пересчёт не может быть меньше нуля').max(10_000_000, 'Слишком большая сумма');

/** A count as typed at the till («10 900», «10900»): whole roubles, or the Russian reason it is not one. */
export const typedCount = z
  .string()
  .transform((s) => s.replace(/[\s\u00a0]/g, ''))
  .pipe(z.string().regex(/^\d{1,8}$/, 'Пересчёт — целое число рублей, например 12500').transform(Number));

/**
 * One shift closing a day's till (Moscow): the day's first close is `shift-{day}`, so a day is closed once; after a
 * manager voids it (schema/entities/void.ts) the next is `shift-{day}-2`, and so on: still one close per id, first
 * writer wins, and «one close not voided a day» is the rule of server/voids/rules.ts.
 */
/** Said when the day has a close that is not voided. */
export const dayClosedTwice = 'Смена за этот день уже закрыта';

export const shiftId = (d: string, round = 1) => (round > 1 ? `shift-${d}-${round}` : `shift-${d}`);

/**
 * The full close of a shift (issue 21, item 1): what the day's orders and counter sales brought by payment method and
 * what the till should hold (schema/studio/money/shift-takings.ts, as the closing device computed it), what was counted in cash and
 * on the card terminal, the cash charges of the day, and the note that explains a difference. A fact, keyed by the day:
 * online the device sends it to the server at once, offline it writes it and the office replication carries it once;
 * a second close of the same day is refused («Смена за этот день уже закрыта»). Shown and printed as the shift report; listed on /admin/charges.
 */
export const shift = defineEntity({
  type: 'shift',
  path: 'shifts',
  screen: '/admin/charges',
  labels: {
    one: 'Закрытие смены',
    many: 'Закрытия смен',
    create: 'Закрыть смену',
    fields: {
      day: 'Дата',
      opening: 'Наличные на начало, ₽',
      takings: 'Выручка по способам оплаты',
      orders: 'Оплаченных заказов',
      counterSales: 'Из них продаж в студии',
      cashIn: 'Внесено в кассу, ₽',
      cashOut: 'Выдано из кассы, ₽',
      expectedCash: 'Ожидается наличными, ₽',
      expectedCard: 'Ожидается по карте, ₽',
      counted: 'Пересчитано',
      cashMoves: 'Движения наличных',
      note: 'Объяснение расхождения',
      round: 'Закрытие дня по счёту',
    },
  },
  tier: 'office',
  write: 'fact',
  access: { read: 'florist', create: 'florist', update: 'florist', delete: null },
  fields: z
    .strictObject({
      day,
      opening: sum,
      takings: z.strictObject({ cash: sum, card: sum, transfer: sum, online: sum }),
      orders: z.number().int().min(0).max(100_000).default(0),
      counterSales: z.number().int().min(0).max(100_000).default(0),
      cashIn: sum,
      cashOut: sum,
      expectedCash: z.number().int().min(-10_000_000).max(10_000_000),
      expectedCard: sum,
      counted: z.strictObject({ cash: counted, card: counted }),
      cashMoves: z.array(shiftCashMove).max(200).default([]),
      note: z.string().trim().max(1000, 'Объяснение длиннее 1000 символов').default(''),
      /** Which close of the day this is: 1, or the next after the earlier ones were voided. */
      round: z.number().int().min(1).max(99).default(1),
    })
    .superRefine((s, ctx) => {
      if (s.expectedCash !== s.opening + s.takings.cash + s.cashIn - s.cashOut || s.expectedCard !== s.takings.card)
        ctx.addIssue({ code: 'custom', path: ['expectedCash'], message: 'Ожидаемая сумма не сходится с выручкой и движениями наличных' });
      const diff = shiftDifference({ cash: s.expectedCash, card: s.expectedCard }, s.counted);
      if ((diff.cash !== 0 || diff.card !== 0) && !s.note)
        ctx.addIssue({ code: 'custom', path: ['note'], message: 'Есть расхождение: объясните его в заметке' });
    }),
  list: { columns: ['day', 'expectedCash', 'expectedCard', 'note'], search: ['note'], sort: 'day' },
  example: {
    day: '2026-11-25', opening: 2000, takings: { cash: 12500, card: 30400, transfer: 0, online: 5600 }, orders: 9, counterSales: 4, cashIn: 0, cashOut: 3500,
    expectedCash: 11000, expectedCard: 30400, counted: { cash: 10900, card: 30400 }, cashMoves: [{ direction: 'out', category: 'market', amount: 3500, note: '' }], note: 'Сдача без 100 ₽',
  },
  title: (s) => `Смена ${s.day}`,
  day: (s) => s.day,
  key: { id: (s) => shiftId(s.day, s.round), taken: dayClosedTwice, fixed: 'Дату закрытой смены не меняют' },
  version: 1,
  // A fact: nobody changes it, so there is never anything to merge.
  merge: (server) => server.data,
});
export type ShiftClose = z.infer<typeof shift.fields>;
