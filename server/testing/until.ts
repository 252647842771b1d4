/** Reads `what` every 50 ms until `ok` holds or `ms` pass; answers the last reading (the test asserts on it). */
export const until = async <T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  let v = await what();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await what();
  }
  return v;
};
