import type { IncomingMessage, Server } from 'node:http';
import net from 'node:net';
import { log } from '../ops/log';

/** Held open by design: the change stream and a replication long-poll. A drain cuts them; the browser reconnects elsewhere. */
const heldOpen = (req: IncomingMessage) => req.url?.startsWith('/api/sync/stream') || /[?&]feed=(longpoll|continuous|eventsource)\b/.test(req.url ?? '');

/**
 * A stop that loses no request, for a rolling restart behind a proxy (docs/PRODUCTION.md). From `drain()` on, every
 * answer closes its connection, so the proxy never sends another request down it. For `graceMs` the server still
 * takes requests: the proxy drops its idle connections itself in that time, or uses one and gets it closed after the
 * answer. (Closing an idle connection at once races a request the proxy is sending down it, and the proxy never
 * retries a POST it has sent: a 502.) Then no new connection is taken (the proxy's connect fails and it tries the
 * other app server), the requests already being answered finish, up to `ms`, and what is left, the held-open streams
 * first of all, is cut.
 */
export const drainable = (server: Server) => {
  let draining = false;
  const answering = new Set<IncomingMessage>();
  let settled: (() => void) | undefined;
  server.prependListener('request', (req: IncomingMessage, res) => {
    if (draining) res.setHeader('Connection', 'close');
    if (heldOpen(req)) return;
    answering.add(req);
    res.once('close', () => {
      answering.delete(req);
      if (!answering.size) settled?.();
    });
  });
  return {
    async drain(graceMs: number, ms: number) {
      draining = true;
      const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
      if (graceMs) {
        await new Promise((resolve) => setTimeout(resolve, graceMs));
        // No new connections, but one just opened may still be delivering its request: http's own close would cut it
        // as idle. A moment later, what is idle is idle.
        net.Server.prototype.close.call(server);
        await new Promise((resolve) => setTimeout(resolve, 250));
        server.closeIdleConnections();
      } else server.close();
      if (answering.size) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([new Promise<void>((resolve) => (settled = resolve)), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
        clearTimeout(timer);
      }
      if (answering.size) log.warn({ unanswered: [...answering].map((r) => `${r.method} ${r.url?.split('?')[0]}`) }, `stopping: ${answering.size} answers cut after ${ms} ms`);
      server.closeAllConnections();
      await closed;
    },
  };
};
