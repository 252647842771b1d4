import net from 'node:net';
import type { Request } from 'express';

/** Expands an IPv6 address to its eight groups. */
const groups = (ip: string): string[] => {
  const [head, tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
};

/**
 * The client a per-address limit counts: `req.ip`, which Express takes from X-Forwarded-For only when the peer is
 * a trusted proxy (TRUST_PROXY). An IPv6 client is counted by its /64, since one subscriber is given a whole /64.
 */
export const clientAddress = (req: Request): string => {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (net.isIPv6(ip)) return `${groups(ip).slice(0, 4).join(':')}::/64`;
  return ip;
};
