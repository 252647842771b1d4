import { addDays, moscowMinutes, today } from './day';

/** How many days back a fact may be dated by staff below a manager. */
const factDayWindow = 31;
/** Until when (Moscow minutes after midnight) the night's shift may still close yesterday: 06:00. */
const lateNightUntil = 6 * 60;
/** The longest a device is believed to have been offline: an older write time counts as this long before arrival. */
const offlineTrustMs = 14 * 86_400_000;

/** The days a fact written at `at` may take: not after that Moscow day, and (below a manager) not older than 31 days. */
export const factDays = (at: number, manager: boolean): { min?: string; max: string } => {
  const max = today(new Date(at));
  return manager ? { max } : { min: addDays(max, -factDayWindow), max };
};

/**
 * Why a fact (a write-off, a transfer, a finished count, a charge, a payment, a posted invoice, a shift close) may
 * not be dated `day` when written at `at`, or undefined: never a day not yet come (Moscow), never more than 31 days
 * back unless a manager writes it.
 */
export const factDayIssue = (day: string, at: number, manager: boolean): string | undefined => {
  const { min, max } = factDays(at, manager);
  if (day > max) return `Дата ${day} ещё не наступила`;
  if (min && day < min) return `Дата ${day}: можно не раньше чем за ${factDayWindow} день (с ${min}); более ранние записывает менеджер`;
  return undefined;
};

/** The days a shift may be closed for at `at`: today, and until 06:00 Moscow also yesterday. */
export const shiftDays = (at: number): { min: string; max: string } => {
  const max = today(new Date(at));
  return { min: moscowMinutes(new Date(at)) < lateNightUntil ? addDays(max, -1) : max, max };
};

/** Why a shift may not be closed for `day` at `at`, or undefined. */
export const shiftDayIssue = (day: string, at: number): string | undefined => {
  const { min, max } = shiftDays(at);
  if (day >= min && day <= max) return undefined;
  return `Смену за ${day} закрыть нельзя: закрывают только сегодняшнюю (${max}), а до 06:00 — и вчерашнюю`;
};

/**
 * The time a write is judged by: when the device wrote it (its updatedAt), never later than the server's clock (a
 * device's clock a little ahead is believed up to now) and never earlier than two weeks before it arrived. So an
 * offline write-off made on the 30th day that arrives on the 32nd is kept, and a phone whose clock was set back months
 * cannot date a fact at will.
 */
export const writtenAt = (updatedAt: number, now: number): number => Math.min(now, Math.max(updatedAt, now - offlineTrustMs));
