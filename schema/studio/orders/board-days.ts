import { today } from '../../shared/day';

/**
 * The delivery days an orders board's address shows, first to last: today when none is given; a range given
 * backwards is turned round. The tab's board (client/studio/orders/board/) and the server drawing its first content
 * (server/render/board-snapshot.ts) read an address alike.
 */
export const boardDays = (s: { from?: string; to?: string }, now = new Date()): { from: string; to: string } => {
  const from = s.from ?? s.to ?? today(now);
  const to = s.to ?? from;
  return from <= to ? { from, to } : { from: to, to: from };
};
