import type { RequestHandler } from 'express';

/** Which counters a page loads: those whose id the shop's settings hold (schema/studio/site/shop-settings.ts `countersOf`). */
interface CountersOn {
  metrika: boolean;
  tmr: boolean;
}

/** No counter: every answer but a storefront page's (the API, /db, files, the admin's pages alike). */
export const noCounters: CountersOn = { metrika: false, tmr: false };

/** Hosts each counter's script talks to, per directive (Yandex Metrica's and VK's documented CSP lists, trimmed to what our counters use). */
const metrika = {
  script: ['https://mc.yandex.ru', 'https://yastatic.net'],
  img: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
  connect: ['https://mc.yandex.ru', 'https://mc.yandex.com', 'wss://mc.yandex.ru'],
  frame: ['blob:', 'https://mc.yandex.ru', 'https://mc.yandex.com'],
};
const tmr = { script: ['https://top-fwz1.mail.ru'], img: ['https://top-fwz1.mail.ru'], connect: ['https://top-fwz1.mail.ru'], frame: [] };

/**
 * Scripts only from this shop's own files (the build has no inline script; JSON-LD is data, not script), no
 * inline styles, no plugins, never inside another site's frame. A counter's hosts are allowed only on a page that loads
 * that counter (server/render/counters.ts sets it per page from the shop's settings). `connect` adds origins a page
 * may reach: a staff page the counter register's driver (server/receipts/counter-register.ts).
 */
export const contentSecurityPolicy = (analytics: CountersOn, connect: readonly string[] = []): string => {
  const counters = [analytics.metrika && metrika, analytics.tmr && tmr].filter((c) => c !== false);
  const hosts = (kind: keyof typeof metrika) => counters.flatMap((c) => c[kind]);
  const frames = hosts('frame');
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hosts('script')],
    ['style-src', "'self'"],
    ['img-src', "'self'", ...hosts('img')],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...hosts('connect'), ...connect],
    ['frame-src', ...(frames.length ? frames : ["'none'"])],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
};

/**
 * Headers every answer carries: the CSP (with no counter; a storefront page replaces it by its own), no framing
 * (clickjacking of the QR confirmation, checkout), no sniffing.
 */
export const securityHeaders = (): RequestHandler => {
  const csp = contentSecurityPolicy(noCounters);
  return (_req, res, next) => {
    res.setHeader('content-security-policy', csp);
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    next();
  };
};
