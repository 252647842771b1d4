import net from 'node:net';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Bytes of the body this side had handed over when the answer came. */
  sent: number;
}

const parse = (raw: string, sent: number): RawAnswer | null => {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const text = raw.slice(end + 4);
  const length = Number(headers['content-length'] ?? NaN);
  if (Number.isFinite(length) && Buffer.byteLength(text) < length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, text, sent };
};

/**
 * Speaks HTTP/1.1 over a plain socket, so a test can do what fetch refuses to: declare a body it never sends in full,
 * or stream one without end. Resolves with the first complete answer, while the body is still unfinished.
 * - `declared`: a Content-Length header with this value, and only `body` sent.
 * - otherwise chunked: `body`, then chunks of 64 KB until the server answers or `streamUpTo` bytes are sent.
 */
export const rawRequest = (
  base: string,
  o: { method?: string; path: string; declared?: number; body?: string; streamUpTo?: number; headers?: Record<string, string> },
): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const socket = net.connect(Number(port), hostname);
    let raw = '';
    let sent = 0;
    let answered = false;
    const head = [
      `${o.method ?? 'POST'} ${o.path} HTTP/1.1`,
      `host: ${hostname}:${port}`,
      'content-type: application/json',
      o.declared !== undefined ? `content-length: ${o.declared}` : 'transfer-encoding: chunked',
      ...Object.entries(o.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ].join('\r\n');
    const finish = (answer: RawAnswer | null, error?: Error) => {
      if (answered) return;
      answered = true;
      socket.destroy();
      if (answer) resolve(answer);
      else reject(error ?? new Error(`no answer: ${raw.slice(0, 200)}`));
    };
    socket.on('data', (d) => {
      raw += d.toString('utf8');
      const answer = parse(raw, sent);
      if (answer) finish(answer);
    });
    socket.on('error', (e) => finish(parse(raw, sent), e));
    socket.on('close', () => finish(parse(raw, sent)));
    socket.on('connect', () => {
      socket.write(`${head}\r\n\r\n`);
      const body = o.body ?? '';
      sent = Buffer.byteLength(body);
      if (o.declared !== undefined) return void socket.write(body);
      const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
      if (body) socket.write(chunk(body));
      const filler = 'a'.repeat(64 * 1024);
      const pump = () => {
        while (!answered && sent < (o.streamUpTo ?? 0)) {
          sent += filler.length;
          if (!socket.write(chunk(filler))) return void socket.once('drain', pump);
        }
        if (!answered && !o.streamUpTo) socket.write('0\r\n\r\n');
      };
      pump();
    });
  });
