import compression from 'compression';
import type { Request, Response } from 'express';

/** Answers that must reach the browser as they are written: an event stream, a long-poll's heartbeats. */
const streamed = (req: Request, res: Response) =>
  /^text\/event-stream/.test(String(res.getHeader('content-type') ?? '')) || ['longpoll', 'continuous', 'eventsource'].includes(String(req.query.feed));

/**
 * Dynamic answers (HTML, JSON, /db pages) compressed on the fly: brotli at quality 4 (about gzip's CPU cost) when
 * the browser takes it, else gzip. Static files the build compressed are sent as they are (server/precompressed.ts):
 * compression skips an answer that already has a Content-Encoding.
 */
export const compressAnswers = () =>
  compression({
    filter: (req, res) => !streamed(req, res) && compression.filter(req, res),
  });
