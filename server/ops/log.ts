import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import pino from 'pino';

// The server's one log (issue 31): JSON lines on stdout, each written while serving a request carrying its id, phones masked.

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];
export const isLogLevel = (value: string): value is LogLevel => (logLevels as readonly string[]).includes(value);

/**
 * A Russian phone as people and our ids write it: 79001234567, +7 (900) 123-45-67, 8 900 123 45 67, orders-79001234567.
 * Not inside a longer run of digits (a timestamp, a sequence number).
 */
const phoneShaped = /(?<!\d)(?:\+?7|8)[\s(-]*(\d{3})[\s)-]*(\d{3})[\s-]*(\d{2})[\s-]*(\d{2})(?!\d)/g;

/** Every phone in the text as +7 *** ***-45-67: the last four digits are enough to tell whose it was. */
export const maskPhones = (text: string): string => text.replace(phoneShaped, (_all, _code, _first, a: string, b: string) => `+7 *** ***-${a}-${b}`);

/** One request's context, found by code deep down without being passed along. */
const requestContext = new AsyncLocalStorage<{ id: string }>();
export const currentRequestId = (): string | undefined => requestContext.getStore()?.id;

const taps = new Set<(line: string) => void>();
/** The level stdout gets: LOG_LEVEL, default info (config.ts refuses a value not in `logLevels`). */
const outputLevel: LogLevel = process.env.LOG_LEVEL && isLogLevel(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info';
const outputFloor = outputLevel === 'silent' ? Infinity : pino.levels.values[outputLevel];

/**
 * Where lines go. Masking the whole line catches a phone wherever it is: the message (the demo's SMS line), an error's
 * text, a database name (`orders-{phone}`); `redact` below also hides the known keys whatever their shape.
 */
const sink = {
  write(line: string) {
    const masked = maskPhones(line);
    const level = Number(/"level":(\d+)/.exec(masked)?.[1] ?? 0);
    if (level >= outputFloor) process.stdout.write(masked);
    for (const tap of taps) tap(masked);
  },
};

const hidden = '[скрыто]';

export const log = pino(
  {
    level: outputLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const id = currentRequestId();
      return id ? { reqId: id } : {};
    },
    redact: {
      paths: ['phone', '*.phone', 'customer', '*.customer', 'createdBy', 'updatedBy', 'cookie', '*.cookie', 'authorization', '*.authorization', 'token', '*.token'],
      censor: (value: unknown, path: string[]) => (typeof value === 'string' && /phone|customer|By$/.test(path[path.length - 1] ?? '') ? maskPhones(value.startsWith('7') ? `+${value}` : value) : hidden),
    },
  },
  sink,
);

/**
 * Lines written from now until the returned stop, as they leave (masked), at every level while anyone listens: a
 * test's view of the log (server/testing/log-capture.ts). stdout still gets only LOG_LEVEL's.
 */
export const tapLogs = (tap: (line: string) => void): (() => void) => {
  taps.add(tap);
  log.level = 'trace';
  return () => {
    taps.delete(tap);
    if (!taps.size) log.level = outputLevel;
  };
};

/** What a proxy may name a request: short, plain characters (never a line break or a quote that would forge a line). */
const saneId = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * Gives each request its id (the proxy's `x-request-id` when it is sane, else a new one), answers it back in the
 * same header, and runs the rest of the request inside its context so every log line written for it carries it.
 * `done` hears each finished request with what the access line says (the metrics count the same).
 */
export const requestIds =
  (done: (req: Parameters<RequestHandler>[0], status: number, seconds: number) => string): RequestHandler =>
  (req, res, next) => {
    const given = req.get('x-request-id');
    const id = given && saneId.test(given) ? given : crypto.randomUUID();
    res.set('x-request-id', id);
    const started = process.hrtime.bigint();
    // 'close' comes after 'finish', and alone when the client went first (an event stream, a page left half-loaded).
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = done(req, res.statusCode, seconds);
      const cut = res.writableFinished ? {} : { cut: true };
      log.info({ reqId: id, method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 1000), ...cut }, 'request');
    });
    requestContext.run({ id }, next);
  };
