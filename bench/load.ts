
export interface Load {
  rate: number;
  p99: number;
  worst: number;
}

/**
 * Closed-loop HTTP load with latencies: `concurrency` clients send one request after another until `ms` milliseconds
 * have passed or `most` requests were sent, whichever comes first. `send(i)` gets the request's number.
 */
export const load = async (send: (i: number) => Promise<Response>, concurrency: number, ms: number, most = 100_000): Promise<Load> => {
  const until = performance.now() + ms;
  const took: number[] = [];
  let sent = 0;
  const client = async () => {
    while (performance.now() < until && sent < most) {
      const started = performance.now();
      const res = await send(sent++);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`load request answered ${res.status}`);
      took.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  took.sort((a, b) => a - b);
  return { rate: took.length / ((performance.now() - started) / 1000), p99: took[Math.floor(took.length * 0.99)] ?? 0, worst: took.at(-1) ?? 0 };
};

export const timed = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
};

/** The middle of a set of timings (the upper middle of an even count); the timings are left as they are. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const row = (what: string, value: string, baselineWhat: string, baseline: string, ratio: number) =>
  console.log(`${what.padEnd(46)} ${value.padStart(12)}   | ${baselineWhat.padEnd(40)} ${baseline.padStart(12)}   | ×${ratio.toFixed(2)}`);
