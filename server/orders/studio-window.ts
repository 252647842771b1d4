import { today } from '../../schema/shared/day';

/** Staff devices hold orders delivered from this many days back on (issue 10): last week's, for questions and returns. */
const studioWindowDays = 7;

/** The first delivery day the studio window holds (yyyy-MM-dd, Moscow). */
export const studioWindowStart = (now = new Date()): string =>
  new Date(Date.parse(`${today(now)}T00:00:00Z`) - studioWindowDays * 86_400_000).toISOString().slice(0, 10);

export const inStudioWindow = (date: string, now = new Date()): boolean => date >= studioWindowStart(now);
