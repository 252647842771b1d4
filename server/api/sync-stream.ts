import { Router } from 'express';
import { z } from 'zod';
import { canReadDb } from '../../schema/shared/databases';
import { isStaff } from '../../schema/shared/user';
import type { ReadRight, ReadRightNow } from '../auth/read-right';
import type { ChangesHub } from '../db/changes-hub';
import { forbidden, unauthorized } from '../http/errors';
import { parse } from '../http/parse';
import { route } from '../http/route';

const dbName = z.string().regex(/^[a-z][a-z0-9-]{0,40}$/);
const streamQuery = z.strictObject({ db: z.union([dbName, z.array(dbName).min(1).max(8)]) });

/**
 * One server-sent-events stream tells a browser which of its databases changed.
 * The client then pulls with short requests, so a page never holds more than this one long connection.
 * The stream names only databases the user may pull (schema/shared/databases.ts), the same rule /db reads by, and not only
 * when it opens (issue 27, item 7): before it names a change it asks `mayRead` (the session and the user read from
 * the store); changes that come while it asks wait for the next ask and are named once each after it. It also asks
 * when the users change (a person removed from the staff, whose sessions end on every device; only staff streams
 * listen, so a customer's is not woken by every sign-in) and, for staff, at every ping. A session that ended is told to the tab
 * (`signed-out`); either way the stream closes.
 */
export const syncStreamApi = (hub: ChangesHub, mayRead: ReadRightNow, pingMs = 25_000): Router => {
  const api = Router();
  route(api, 'GET /api/sync/stream', ({ req, res }) => {
    const { db } = parse(streamQuery, req.query);
    const names = [...new Set([db].flat())];
    const denied = names.find((n) => !canReadDb(res.locals.user, n));
    if (denied) throw res.locals.user ? forbidden(`Нет доступа к базе ${denied}`) : unauthorized();

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write('retry: 5000\n\n');
    const token = res.locals.sessionToken;
    const staff = isStaff(res.locals.user);
    let closed = false;
    const stop = () => {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      stops.forEach((s) => s());
    };
    const end = (right: Exclude<ReadRight, 'ok'>) => {
      if (right === 'signed-out') res.write('event: signed-out\ndata: {}\n\n');
      stop();
      res.end();
    };

    const changed = new Set<string>();
    let asked = false;
    let asking = false;
    const ask = async () => {
      asked = true;
      if (asking) return;
      asking = true;
      try {
        while (asked && !closed) {
          asked = false;
          const batch = [...changed];
          changed.clear();
          let right: ReadRight;
          try {
            right = await mayRead(token, names);
          } catch {
            // The store out of reach: these wait for the next change, ping or the feed's return.
            batch.forEach((n) => changed.add(n));
            return;
          }
          if (closed) return;
          if (right !== 'ok') return end(right);
          batch.forEach((n) => res.write(`event: change\ndata: ${JSON.stringify({ db: n })}\n\n`));
        }
      } finally {
        asking = false;
      }
    };
    const stops = [
      ...names.map((n) =>
        hub.watch(n, () => {
          changed.add(n);
          void ask();
        }),
      ),
      ...(staff ? [hub.watch('users', () => void ask())] : []),
    ];
    const ping = setInterval(() => {
      res.write(': ping\n\n');
      if (staff) void ask();
    }, pingMs);
    req.on('close', stop);
  });
  return api;
};
