import { z } from 'zod';
import { tapLogs } from '../ops/log';

/** The fields of a log line the tests read (server/ops/log.ts writes them); the rest is kept as it came. */
const logLine = z.looseObject({ level: z.number(), msg: z.string().optional(), reqId: z.string().optional() });
export type LogLine = z.infer<typeof logLine>;

/**
 * Every line the server in this process writes until `stop()`, at every level, as it leaves (masked): `raw` the text,
 * `lines` parsed. `errors()` the lines at error level or above.
 */
export const captureLogs = () => {
  const raw: string[] = [];
  const stop = tapLogs((line) => raw.push(line));
  const lines = () => raw.map((l) => logLine.parse(JSON.parse(l)));
  return { raw, lines, errors: () => lines().filter((l) => l.level >= 50), stop };
};
