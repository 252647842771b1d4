import type { Request } from 'express';

/** PUBLIC_ORIGIN as an origin (scheme, host, port); anything else stops the start rather than printing wrong links. */
export const parsePublicOrigin = (value: string): string => {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PUBLIC_ORIGIN must be an http(s) address, got ${value}`);
  return url.origin;
};

/**
 * The address every absolute link of the shop starts with: sitemap.xml, robots.txt, canonical, og:url, JSON-LD and
 * the QR sign-in link. Never the request's Host header, which anyone can forge (cache poisoning, phishing QR links).
 * Without PUBLIC_ORIGIN (demo on one machine) it is this server's own port on localhost.
 */
export const publicOriginOf = (config: { publicOrigin?: string }, req: Request): string =>
  config.publicOrigin ?? `http://localhost:${req.socket.localPort}`;
