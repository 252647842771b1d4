import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push as the stand-in received, checked and decrypted it. */
export interface ReceivedPush {
  /** The subscription's id (the endpoint's last segment). */
  id: string;
  payload: string;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The VAPID key the JWT was signed with (base64url). */
  signer: string;
  /** The JWT's `sub` (the shop's contact). */
  subject: string;
}

const b64url = (b: Buffer) => b.toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url');

/** A raw uncompressed P-256 point (65 bytes) as a public key object. */
const publicKeyOf = (raw: Buffer) =>
  crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });

/**
 * RFC 8292: `Authorization: vapid t={JWT}, k={public key}`; the JWT is ES256 (raw r‖s), its `aud` the push service's
 * origin, its `exp` within a day. Answers the signer and subject, or why it refuses.
 */
const checkVapid = (authorization: string | undefined, origin: string): { signer: string; subject: string } | string => {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) return 'no vapid authorization';
  const jwt = m[1] ?? '';
  const k = m[2] ?? '';
  const [head, claims, signature] = jwt.split('.');
  if (!head || !claims || !signature) return 'not a JWT';
  const header = JSON.parse(unb64(head).toString()) as { alg?: string };
  if (header.alg !== 'ES256') return 'not ES256';
  const ok = crypto.verify('sha256', new Uint8Array(Buffer.from(`${head}.${claims}`)), { key: publicKeyOf(unb64(k)), dsaEncoding: 'ieee-p1363' }, new Uint8Array(unb64(signature)));
  if (!ok) return 'bad signature';
  const body = JSON.parse(unb64(claims).toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) return `aud ${body.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!body.exp || body.exp < now || body.exp > now + 24 * 3600) return 'exp out of range';
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return 'no contact subject';
  return { signer: k, subject: body.sub };
};

/** A browser's side of a subscription: its ECDH P-256 pair and 16-byte auth secret (RFC 8291). */
export const pushReceiver = () => {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    /** RFC 8188 aes128gcm with RFC 8291's key derivation; one record. */
    decrypt(body: Buffer): string {
      const u8 = (b: Buffer | ArrayBuffer) => new Uint8Array(b);
      const salt = u8(body.subarray(0, 16));
      const idLength = body.readUInt8(20);
      const senderKey = u8(body.subarray(21, 21 + idLength));
      const cipher = body.subarray(21 + idLength);
      const shared = u8(ecdh.computeSecret(senderKey));
      const keyInfo = u8(Buffer.concat([u8(Buffer.from('WebPush: info\0')), u8(ecdh.getPublicKey()), senderKey]));
      const ikm = u8(crypto.hkdfSync('sha256', shared, u8(auth), keyInfo, 32));
      const cek = u8(crypto.hkdfSync('sha256', ikm, salt, u8(Buffer.from('Content-Encoding: aes128gcm\0')), 16));
      const nonce = u8(crypto.hkdfSync('sha256', ikm, salt, u8(Buffer.from('Content-Encoding: nonce\0')), 12));
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(u8(cipher.subarray(cipher.length - 16)));
      const plain = Buffer.concat([u8(decipher.update(u8(cipher.subarray(0, cipher.length - 16)))), u8(decipher.final())]);
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      if (plain[end] !== 2) throw new Error('not the last record');
      return plain.subarray(0, end).toString('utf8');
    },
  };
};

/**
 * A stand-in for a browser's push service (RFC 8030 `POST {endpoint}`), on http://127.0.0.1: it checks the VAPID
 * JWT (RFC 8292) and decrypts the payload with the subscriber's keys (RFC 8291), then answers 201. `answer(id, status)`
 * makes it answer one subscription so (410: expired; 500: down) — with `times`, only the next so many pushes.
 */
export const startPushServiceStandIn = async () => {
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const receivers = new Map<string, ReturnType<typeof pushReceiver>>();
  const answers = new Map<string, { status: number; times: number }>();
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Uint8Array[] = [];
    req.on('data', (c: Buffer) => chunks.push(new Uint8Array(c)));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const receiver = receivers.get(id);
      if (req.method !== 'POST' || !receiver) return void res.writeHead(404).end();
      const set = answers.get(id);
      if (set && set.times > 0) {
        set.times--;
        return void res.writeHead(set.status).end();
      }
      const vapid = checkVapid(req.headers.authorization, origin);
      if (typeof vapid === 'string') {
        refused.push(vapid);
        return void res.writeHead(403).end(vapid);
      }
      if (req.headers['content-encoding'] !== 'aes128gcm') return void res.writeHead(415).end();
      try {
        const payload = receiver.decrypt(Buffer.concat(chunks));
        received.push({ id, payload, ttl: req.headers.ttl as string | undefined, urgency: req.headers.urgency as string | undefined, ...vapid });
        res.writeHead(201, { location: `${origin}/message/${crypto.randomUUID()}` }).end();
      } catch (e) {
        refused.push(e instanceof Error ? e.message : 'undecryptable');
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    /** A new subscription: its JSON as `PushSubscription.toJSON()` gives it, and its keys' owner. */
    subscribe(id = crypto.randomUUID()) {
      const receiver = pushReceiver();
      receivers.set(id, receiver);
      return { id, receiver, subscription: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: receiver.keys } };
    },
    /** Makes the service answer this subscription's next `times` pushes with `status`. */
    answer(id: string, status: number, times = Number.POSITIVE_INFINITY) {
      answers.set(id, { status, times });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
