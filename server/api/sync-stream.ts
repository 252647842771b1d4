import { Router } from 'express';
import { z } from 'zod';
import { canReadDb } from '../../schema/databases';
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
export const syncStreamApi = (hub: ChangesHub, pingMs = 25_000): Router => {
  const api = Router();
  route(api, 'GET /api/sync/stream', (req, res) => {
    const { db } = parse(streamQuery, req.query);
    const names = [...new Set([db].flat())];
    const denied = names.find((n) => !canReadDb(res.locals.user, n));
    if (denied) throw res.locals.user ? forbidden(`Нет доступа к базе ${denied}`) : unauthorized();

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write('retry: 5000\n\n');
    const send = (name: string) => () => res.write(`event: change\ndata: ${JSON.stringify({ db: name })}\n\n`);
    const stops = names.map((n) => hub.watch(n, send(n)));
    const ping = setInterval(() => res.write(': ping\n\n'), pingMs);
    req.on('close', () => {
      clearInterval(ping);
      stops.forEach((stop) => stop());
    });
  });
  return api;
};
