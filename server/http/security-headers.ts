import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { z } from 'zod';

/** Which counters the build put in the client (vite.config.ts writes dist/.analytics.json from VITE_METRIKA_ID, VITE_TMR_ID). */
export interface BuiltAnalytics {
  metrika: boolean;
  tmr: boolean;
}

const analyticsFile = z.object({ metrika: z.boolean(), tmr: z.boolean() });

export const builtAnalytics = (distDir: string): BuiltAnalytics => {
  const none = { metrika: false, tmr: false };
  try {
    const read = analyticsFile.safeParse(JSON.parse(fs.readFileSync(path.join(distDir, '.analytics.json'), 'utf8')));
    return read.success ? read.data : none;
  } catch {
    return none;
  }
};

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
 * inline styles, no plugins, never inside another site's frame. A counter's hosts are allowed only when the
 * build carries that counter.
 */
export const contentSecurityPolicy = (analytics: BuiltAnalytics): string => {
  const counters = [analytics.metrika && metrika, analytics.tmr && tmr].filter((c) => c !== false);
  const hosts = (kind: keyof typeof metrika) => counters.flatMap((c) => c[kind]);
  const frames = hosts('frame');
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hosts('script')],
    ['style-src', "'self'"],
    ['img-src', "'self'", ...hosts('img')],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...hosts('connect')],
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

/** Headers every answer carries: the CSP, no framing (clickjacking of the QR confirmation, checkout), no sniffing. */
export const securityHeaders = (analytics: BuiltAnalytics): RequestHandler => {
  const csp = contentSecurityPolicy(analytics);
  return (_req, res, next) => {
    res.setHeader('content-security-policy', csp);
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    next();
  };
};
