import type { Request, RequestHandler, Response } from 'express';

export const kilobytes = (n: number) => n * 1024;

/** Answers a refused body in the caller's own error shape (/api and /db differ). */
type BodyRefusal = (req: Request, res: Response, status: number, message: string) => void;

const declaredLength = (req: Request): number | null => {
  const header = req.headers['content-length'];
  return header === undefined ? null : Number(header);
};

/** After refusing a body the connection is closed, so the rest of it is never read. */
/** How long a refused request's connection still drains before it is cut. */
const lingerMs = 500;

const refuseAndHangUp = (req: Request, res: Response, refuse: BodyRefusal, status: number, message: string) => {
  req.pause();
  res.setHeader('connection', 'close');
  // A lingering close: what the client still sends is read and dropped for a moment, so the close is a FIN after the
  // answer. Closed with unread data, the socket would send a reset, and the client could lose the answer with it.
  const socket = req.socket;
  // Node ends a `connection: close` answer's socket with destroySoon, a close with the unread rest of the body: only
  // the FIN is sent now, the socket is destroyed after lingering.
  socket.destroySoon = () => void socket.end();
  res.on('finish', () => {
    req.resume();
    setTimeout(() => socket.destroy(), lingerMs).unref();
  });
  refuse(req, res, status, message);
};

const tooLarge = (limit: number) =>
  limit === 0 ? 'Этот запрос не принимает тело' : `Слишком большой запрос: не больше ${Math.max(1, Math.round(limit / 1024))} КБ`;

/** Reads at most `limit` bytes; null once the body passes it (reading then stops). Rejects when the client goes away. */
const readCapped = (req: Request, limit: number): Promise<Buffer | null> =>
  new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const finish = (settle: () => void) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      settle();
    };
    const onData = (chunk: Uint8Array) => {
      size += chunk.length;
      if (size > limit) return finish(() => resolve(null));
      chunks.push(chunk);
    };
    const onEnd = () => finish(() => resolve(Buffer.concat(chunks)));
    const onError = (e: Error) => finish(() => reject(e));
    const onClose = () => finish(() => reject(new Error('request closed before its body ended')));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });

/**
 * How deep objects and arrays may nest in a body. The shop's deepest data (a device's pushed order command inside
 * `_bulk_docs`) is under ten; JSON.parse takes a million levels, but whatever walks the value afterwards by recursion
 * (JSON.stringify when it is stored or answered, a deep compare) overflows the stack from a few thousand, a 500.
 */
export const maxDepth = 64;

/** Whether the JSON text nests deeper than `maxDepth`: one pass over it, counting brackets outside strings. */
const tooDeep = (text: string): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
};

/** JSON as body-parser's strict mode takes it: an object or an array, nested at most `maxDepth` deep. */
const parseJson = (text: string): { ok: true; value: unknown } | { ok: false; deep?: true } => {
  if (text.trim() === '') return { ok: true, value: {} };
  if (!/^\s*[[{]/.test(text)) return { ok: false };
  if (tooDeep(text)) return { ok: false, deep: true };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

/**
 * Every request body passes here before any handler, with a limit fit for its call (`limitOf`; 0: no body at all).
 * - A declared Content-Length over the limit is answered 413 at once, without reading a byte of the body.
 * - A chunked body is read only up to the limit, then answered 413 and cut off.
 * Either way the connection is closed after the answer. JSON bodies are parsed into `req.body` and marked parsed,
 * so express.json and express-pouchdb's own parser (which would read up to 4 GB) leave them alone.
 */
export const bodyLimit = (limitOf: (req: Request) => number, refuse: BodyRefusal): RequestHandler => async (req, res, next) => {
  const limit = limitOf(req);
  const declared = declaredLength(req);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && !declared) {
    Object.assign(req, { body: {}, _body: true });
    return next();
  }
  if (declared !== null && declared > limit) return refuseAndHangUp(req, res, refuse, 413, tooLarge(limit));
  const encoding = req.headers['content-encoding'];
  if (encoding && encoding !== 'identity') return refuseAndHangUp(req, res, refuse, 415, 'Сжатые запросы не принимаются');
  let body: Buffer | null;
  try {
    body = await readCapped(req, limit);
  } catch {
    return; // the client went away: nobody to answer
  }
  if (!body) return refuseAndHangUp(req, res, refuse, 413, tooLarge(limit));
  let value: unknown = {};
  if (req.is('json')) {
    const parsed = parseJson(body.toString('utf8'));
    if (!parsed.ok) return refuse(req, res, 400, parsed.deep ? `Слишком глубокая вложенность данных: не больше ${maxDepth} уровней` : 'Некорректный JSON в теле запроса');
    value = parsed.value;
  } else if (req.is('image/*')) value = body; // an upload (POST /api/items/upload-image): the file's bytes as they came
  Object.assign(req, { body: value, _body: true });
  next();
};
