import { z } from 'zod';
import type { ReceiptContent, TaxSystem } from './receipt';

/**
 * A receipt as ATOL's driver web server takes it (`POST /api/v2/requests` `{uuid, request: [task]}`), made in one place
 * for both senders: the server (server/receipts/atol-local.ts) and a staff device printing a counter sale through the
 * driver while the server is away (issue 30, item 2: client/data/counter-prints.ts). The uuid comes from the receipt's
 * id (`driverUuid`, pure here so the server and a device make it alike), so whichever sends first, the other's send is
 * the driver's 409 — the same document, never a second receipt.
 */

/** SHA-1 of UTF-8 text (FIPS 180-4), pure: schema/ has no Web Crypto, and the uuid must be the same on every side. */
const sha1 = (text: string): Uint8Array => {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  const bits = bytes.length * 8;
  bytes.push(0x80);
  while (bytes.length % 64 !== 56) bytes.push(0);
  for (let i = 7; i >= 0; i--) bytes.push(i >= 4 ? 0 : (bits >>> (i * 8)) & 0xff);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Array<number>(80);
  const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n));
  for (let off = 0; off < bytes.length; off += 64) {
    for (let t = 0; t < 16; t++) w[t] = (bytes[off + 4 * t]! << 24) | (bytes[off + 4 * t + 1]! << 16) | (bytes[off + 4 * t + 2]! << 8) | bytes[off + 4 * t + 3]!;
    for (let t = 16; t < 80; t++) w[t] = rotl(w[t - 3]! ^ w[t - 8]! ^ w[t - 14]! ^ w[t - 16]!, 1);
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let t = 0; t < 80; t++) {
      const f = t < 20 ? (b & c) | (~b & d) : t < 40 ? b ^ c ^ d : t < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
      const k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const next = (rotl(a, 5) + f + e + k + w[t]!) | 0;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = next;
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
  }
  return new Uint8Array(h.flatMap((x) => [(x >>> 24) & 0xff, (x >>> 16) & 0xff, (x >>> 8) & 0xff, x & 0xff]));
};

/** A receipt's uuid at the driver: a name-based UUID (the form of v5) of its id, the same on every device and server. */
export const driverUuid = (id: string): string => {
  const bytes = sha1(`receipt/${id}`).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Whether the driver's answer to `POST /api/v2/requests` says it holds a task under that uuid already: 409 (the web
 * server's answer for a known uuid), or a refusal in the driver's words that the task exists (the wording of the
 * real driver's answer is not confirmed: DECISIONS «The register on the counter»). Then the task's result is read
 * (`GET /api/v2/requests/{uuid}`): the receipt was printed once, by whichever side sent it first.
 */
export const driverKnowsTask = (status: number, body: unknown): boolean => {
  if (status === 409) return true;
  if (status < 400 || status >= 500) return false;
  const said = z.object({ error: z.object({ description: z.string() }) }).safeParse(body);
  return said.success && /уже существует|already exists/i.test(said.data.error.description);
};

/** Kopecks as the driver's roubles. */
const rub = (kopecks: number): number => Math.round(kopecks) / 100;

/** ATOL's driver names tax systems in camel case. */
const taxationTypes: Record<TaxSystem, string> = { osn: 'osn', usn_income: 'usnIncome', usn_income_outcome: 'usnIncomeOutcome', envd: 'envd', esn: 'esn', patent: 'patent' };
const paymentMethods: Record<ReceiptContent['mode'], string> = { full_prepayment: 'fullPrepayment', partial_prepayment: 'prepayment', full_payment: 'fullPayment' };
const paymentTypes: Record<ReceiptContent['payment'], string> = { cash: 'cash', electronic: 'electronically', prepaid: 'prepaid' };

/**
 * The `sell` / `sellReturn` task of a receipt (FFD 1.2 fields as the driver names them). Names checked against public
 * clients of the driver's JSON tasks (DECISIONS «The register on the counter»): `type` sell|sellReturn, `taxationType`
 * osn|usnIncome|usnIncomeOutcome|esn|patent, `clientInfo.emailOrPhone`, items `type: 'position'` with `price`,
 * `quantity`, `amount`, `measurementUnit` ('piece'), `paymentMethod` fullPrepayment|prepayment|fullPayment,
 * `paymentObject`, `tax.type` none|vat0|vat10|vat20|vat110|vat120; `payments[].type` cash|electronically|prepaid.
 */
export const driverTask = (c: ReceiptContent) => ({
  type: c.kind === 'refund' ? 'sellReturn' : 'sell',
  taxationType: taxationTypes[c.taxSystem],
  electronically: false,
  clientInfo: { emailOrPhone: 'phone' in c.customer ? c.customer.phone : c.customer.email },
  items: c.items.map((i) => ({
    type: 'position',
    name: i.name,
    price: rub(i.price),
    quantity: i.quantity,
    amount: rub(i.sum),
    measurementUnit: 'piece',
    paymentMethod: paymentMethods[c.mode],
    paymentObject: i.object,
    tax: { type: i.vat },
  })),
  payments: [{ type: paymentTypes[c.payment], sum: rub(c.total) }],
  total: rub(c.total),
});

/**
 * What `GET /api/v2/requests/{uuid}` answers of a task: `results[]`, each `{status, error: {code, description},
 * result}` (status ready | wait | inProgress | interrupted | blocked | canceled | error), a receipt's `result.fiscalParams`
 * naming its fiscal document (`fiscalDocumentNumber`, `fiscalDocumentSign`, `fnNumber`, `fiscalDocumentDateTime`).
 */
export const driverResults = z.object({
  results: z.array(
    z.object({
      status: z.string(),
      error: z.object({ code: z.number().optional(), description: z.string().optional() }).nullish(),
      result: z
        .object({
          fiscalParams: z
            .object({
              fiscalDocumentNumber: z.union([z.number(), z.string()]),
              fiscalDocumentSign: z.union([z.number(), z.string()]),
              fnNumber: z.string(),
              fiscalDocumentDateTime: z.string(),
            })
            .optional(),
        })
        .nullish(),
    }),
  ),
});

/** What a sender does with a task's first result: registered (its fiscal sign), refused (the register's words), tried again, or waited for. */
export type DriverOutcome =
  | { kind: 'registered'; fiscal: { sign: string; fn: string; number: string; at: string } }
  | { kind: 'refused'; reason: string }
  | { kind: 'retry'; reason: string }
  | { kind: 'wait' };

/** The one reading of a task's result, for the server's sender and a device's print alike. */
export const driverOutcome = (body: unknown): DriverOutcome => {
  const parsed = driverResults.safeParse(body);
  const r = parsed.success ? parsed.data.results[0] : undefined;
  if (!r) return { kind: 'retry', reason: 'касса не назвала документ' };
  const f = r.result?.fiscalParams;
  const said = r.error?.description;
  if (r.status === 'ready' && f) return { kind: 'registered', fiscal: { sign: String(f.fiscalDocumentSign), fn: f.fnNumber, number: String(f.fiscalDocumentNumber), at: f.fiscalDocumentDateTime } };
  if (r.status === 'error') return { kind: 'refused', reason: `касса отказала: ${said || `код ${r.error?.code ?? '?'}`}` };
  // Interrupted (an earlier task of the request failed) or cancelled: the uuid is spent, sending it again answers the same.
  if (r.status === 'interrupted' || r.status === 'canceled') return { kind: 'refused', reason: `касса не выполнила задание (${r.status === 'canceled' ? 'отменено' : 'прервано'})${said ? `: ${said}` : ''}` };
  // «blocked»: the register waits for its operator (paper out, a shift over 24 hours); tried again.
  if (r.status === 'blocked') return { kind: 'retry', reason: `касса ждёт оператора${said ? `: ${said}` : ''}` };
  return { kind: 'wait' };
};

/**
 * What the driver says, read before anything is posted (`GET /api/v2/requests/{uuid}`, its status and body; no body
 * for a 4xx), of a task under a uuid: its outcome, or 'unknown' when it names none (404, another refusal, no results:
 * the real driver's answer for an unknown uuid is not confirmed), which is then posted. The server's sender and a
 * device's print both ask it, so a task the register holds is read, never posted again.
 */
export const driverTaskHeld = (status: number, body: unknown): DriverOutcome | 'unknown' => {
  if (status >= 500) return { kind: 'retry', reason: `касса ответила ошибкой ${status}` };
  if (!driverResults.safeParse(body).data?.results.length) return 'unknown';
  return driverOutcome(body);
};
