import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';

/** One address a host name resolves to, as `dns.lookup` answers with `all: true`. */
interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses. */
type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * How this server reaches a service on the internet that an admin or a device named (Posiflora, a browser's push
 * service). Both fields exist for tests only, and no environment variable sets either (`defaultConfig` never does), so
 * a production shop always resolves with the system's resolver and speaks https.
 */
export interface OutsideReach {
  /** The resolver of the service's host names: the system's unless a test gives its own (one that answers 127.0.0.1). */
  resolve?: Resolve;
  /** Plain http to 127.0.0.1, where a test's stand-in listens (server/testing/). */
  standInOnLoopback?: boolean;
}

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Addresses that are not Posiflora's on the internet: this machine, the private networks, link-local (the cloud's
 * metadata service), unique-local, carrier-grade NAT, multicast and the reserved ranges, and every IPv6 form that
 * carries an IPv4 address (IPv4-compatible ::/96, mapped, NAT64, 6to4 2002::/16 and its relay 192.88.99.0/24, Teredo
 * 2001::/32), which can hide any of them: whatever relays such an address may deliver it inside.
 */
const inside = { ipv4: new net.BlockList(), ipv6: new net.BlockList() };
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  inside.ipv4.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2001::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  inside.ipv6.addSubnet(prefix, bits, 'ipv6');

/** Whether an address is one the server never connects to for a service outside (see `inside`); anything unreadable is. */
export const insideAddress = (address: string): boolean => {
  const family = net.isIP(address);
  if (family === 0) return true;
  // Two lists: a BlockList checks an IPv4 address against its IPv6 rules as mapped (::ffff:a.b.c.d), so one list
  // holding ::ffff:0:0/96 would find every IPv4 address inside.
  return family === 4 ? inside.ipv4.check(address, 'ipv4') : inside.ipv6.check(address, 'ipv6');
};

/** Why a connection was not made, in Russian: the name answered an address inside a network. `service`: «Posiflora»… */
export const insideReason = (service: string, hostname: string, address: string) =>
  `Адрес ${service} ${hostname} ведёт во внутреннюю сеть (${address}): сервер туда не подключается`;

/** A connection the lookup refused: the reason is the admin's to read. */
export class InsideAddressError extends Error {}

/**
 * The lookup a connection outside is made with: the name is resolved once, every address it answers must be on the
 * internet (one inside refuses the name), and the socket connects to the address that was checked, so a name that
 * answers a public address to one question and 127.0.0.1 to the next has no second question to answer.
 */
const checkedLookup =
  (resolve: Resolve, service: string): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = addresses.filter((a) => !options.family || a.family === options.family);
        const bad = addresses.find((a) => insideAddress(a.address));
        if (bad) return callback(new InsideAddressError(insideReason(service, hostname, bad.address)), '', 0);
        const [first] = wanted;
        if (!first) return callback(Object.assign(new Error(`${hostname}: нет адреса`), { code: 'ENOTFOUND' }), '', 0);
        return options.all ? callback(null, wanted) : callback(null, first.address, first.family);
      },
      (e: NodeJS.ErrnoException) => callback(e, '', 0),
    );
  };

export interface Answer {
  status: number;
  text: string;
}

/**
 * The most of one answer the server reads: 20 MB. A page of 100 records (posiflora-import.ts `pageSize`) is tens of
 * kilobytes, a session's answer less; every answer is held whole in memory, then parsed, and the import runs in the
 * shop's own process, so a broken or hostile answer without end would take the shop down with it. Twenty megabytes is
 * hundreds of times a real page and still nothing to the process.
 */
const maxAnswerBytes = 20 * 1024 * 1024;

/** Why an answer was not read, in Russian: it was longer than `maxAnswerBytes`. */
const oversizedReason = (service: string) => `${service} прислала ответ больше ${maxAnswerBytes / 1024 / 1024} МБ: сервер его не дочитал и ничего из него не взял`;

/** An answer cut off at `maxAnswerBytes`: the reason is the admin's to read. */
export class OversizedAnswerError extends Error {}

/**
 * One request to a service outside (`service`, its name in reasons: «Posiflora») over node:https with the checked lookup (node:http only for the stand-in on 127.0.0.1, a
 * literal address no lookup is asked about). No redirect is followed and no connection is pooled. An answer longer
 * than `maxAnswerBytes` (by its Content-Length, or counted as it comes) is not read on: the connection is closed.
 * Rejects with an InsideAddressError when the name leads inside, an OversizedAnswerError for such an answer, with the
 * socket's error otherwise.
 */
export const request = (reach: OutsideReach, service: string, url: URL, init: { method: string; headers: Record<string, string>; body?: string | Uint8Array; signal: AbortSignal }): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const options = { method: init.method, headers: init.headers, signal: init.signal, agent: false as const, lookup: checkedLookup(reach.resolve ?? systemResolve, service) };
    const req = (url.protocol === 'https:' ? https : http).request(url, options, (res) => {
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      const cut = () => {
        reject(new OversizedAnswerError(oversizedReason(service)));
        req.destroy();
      };
      if (Number(res.headers['content-length'] ?? 0) > maxAnswerBytes) return cut();
      res.on('data', (c: Uint8Array) => {
        bytes += c.length;
        if (bytes > maxAnswerBytes) return cut();
        chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
