import { Router } from 'express';
import { z } from 'zod';
import { canReadDb } from '../../schema/databases';
import { isStaff } from '../../schema/user';
import type { ChangesHub } from '../db/changes-hub';
import { forbidden, unauthorized } from '../http/errors';
import { parse } from '../http/parse';
import { route } from '../http/route';

const dbName = z.string().regex(/^[a-z][a-z0-9-]{0,40}$/);
const streamQuery = z.strictObject({ db: z.union([dbName, z.array(dbName).min(1).max(8)]) });

/**
 * The stream names only databases the user may pull (schema/databases.ts), the same rule /db reads by.
 * One server-sent-events stream tells a browser which of its databases changed.
 * The client then pulls with short requests, so a page never holds more than this one long connection.
 */
/**
 * A signed-in stream also ends its session's tab (issue 20, item 3): when the users change (a person removed from the
 * staff, whose sessions end on every device) and at every ping, it reads its session again; once it has ended, the
 * tab is told (`signed-out`) and the stream closes. `signedIn` answers whether a session token still holds.
 */
export const syncStreamApi = (hub: ChangesHub, signedIn: (token: string) => Promise<boolean> = async () => true, pingMs = 25_000): Router => {
  const api = Router();
  route(api, 'GET /api/sync/stream', (req, res) => {
    const { db } = parse(streamQuery, req.query);
    const names = [...new Set([db].flat())];
    const denied = names.find((n) => !canReadDb(res.locals.user, n));
    if (denied) throw res.locals.user ? forbidden(`Нет доступа к базе ${denied}`) : unauthorized();

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write('retry: 5000\n\n');
    const send = (name: string) => () => res.write(`event: change\ndata: ${JSON.stringify({ db: name })}\n\n`);
    // Only staff are removed; a customer's stream is not woken by every sign-in.
    const token = isStaff(res.locals.user) ? res.locals.sessionToken : undefined;
    let closed = false;
    const stop = () => {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      stops.forEach((s) => s());
    };
    const check = () => {
      if (!token || closed) return;
      signedIn(token)
        .then((still) => {
          if (still || closed) return;
          res.write('event: signed-out\ndata: {}\n\n');
          stop();
          res.end();
        })
        .catch(() => {}); // the store out of reach: the next change or ping asks again
    };
    const stops = [...names.map((n) => hub.watch(n, send(n))), ...(token ? [hub.watch('users', check)] : [])];
    const ping = setInterval(() => {
      res.write(': ping\n\n');
      check();
    }, pingMs);
    req.on('close', stop);
  });
  return api;
};
