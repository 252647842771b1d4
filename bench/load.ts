/** Closed-loop HTTP load: `concurrency` clients send one request after another for `ms` milliseconds. */
export const requestsPerSecond = async (send: () => Promise<Response>, concurrency: number, ms: number): Promise<number> => {
  const until = performance.now() + ms;
  let done = 0;
  const client = async () => {
    while (performance.now() < until) {
      const res = await send();
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`load request answered ${res.status}`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  return done / ((performance.now() - started) / 1000);
};

export const timed = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
};

export const row = (what: string, value: string, baselineWhat: string, baseline: string, ratio: number) =>
  console.log(`${what.padEnd(46)} ${value.padStart(12)}   | ${baselineWhat.padEnd(40)} ${baseline.padStart(12)}   | ×${ratio.toFixed(2)}`);
