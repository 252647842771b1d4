/**
 * The pause before the next try of a request the server did not answer (the network cut, the server away or
 * restarting): 2 s after the first failure, doubled after each one, a minute at most — tried for ever, never given up.
 * The caller starts again from the first pause when the server is heard again (the network returns, a sync round ends).
 *
 *   pause = nextPause(pause);      // after a failed try: 2000, 4000, 8000 … 60000, 60000
 *   pause = undefined;             // after a try that reached the server
 */
export const nextPause = (last: number | undefined, firstMs = 2000, capMs = 60_000): number => Math.min(last === undefined ? firstMs : last * 2, capMs);
