import dns from 'node:dns';
import net from 'node:net';

/**
 * Every test file's setup (vitest.config.ts `setupFiles`): no test resolves a name on the internet, so none can send
 * a request there by mistake (a Posiflora account, a payment provider, an SMS gateway left at its real address).
 * This machine's names and addresses pass, and the hosts of a real cluster a run is pointed at (TEST_COUCHDB_URL,
 * TEST_COUCHDB_URL2). fetch, node:http(s) and net all resolve through `dns.lookup`, which this replaces.
 */
const hostOf = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).hostname];
  } catch {
    return [];
  }
};
const allowed = new Set(['localhost', ...hostOf(process.env.TEST_COUCHDB_URL), ...hostOf(process.env.TEST_COUCHDB_URL2)]);

/** Whether a test may resolve a name: this machine's, an address already, or a cluster's named above. */
const resolvable = (hostname: string): boolean => allowed.has(hostname) || hostname.endsWith('.localhost') || net.isIP(hostname) !== 0;

/** The failure a name on the internet gets, as the system's resolver would fail a name it does not know. */
const offline = (hostname: string) => Object.assign(new Error(`${hostname}: тесты не ходят в интернет`), { code: 'ENOTFOUND', hostname });

const lookup = dns.lookup;
const lookupPromise = dns.promises.lookup;

Object.defineProperty(dns, 'lookup', {
  configurable: true,
  writable: true,
  value: function guardedLookup(hostname: string, ...rest: unknown[]) {
    if (resolvable(hostname)) return Reflect.apply(lookup, dns, [hostname, ...rest]);
    const callback = rest.findLast((a) => typeof a === 'function');
    if (typeof callback === 'function') process.nextTick(() => Reflect.apply(callback, undefined, [offline(hostname)]));
  },
});
Object.defineProperty(dns.promises, 'lookup', {
  configurable: true,
  writable: true,
  value: (hostname: string, ...rest: unknown[]) => (resolvable(hostname) ? Reflect.apply(lookupPromise, dns.promises, [hostname, ...rest]) : Promise.reject(offline(hostname))),
});
