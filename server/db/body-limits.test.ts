import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushBatchOf } from '../../schema/shared/databases';
import { rawRequest } from '../testing/raw-request';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';

const gigabyte = 1_000_000_000;
const cyrillic = /[а-яё]/i;

/**
 * Every /db call, with the start of a plausible body. The oracle is not time: the body declared is never sent in
 * full (or never ends), so an answer at all proves the server did not wait to read it.
 */
const calls: [string, string, string][] = [
  ['POST', '/db/catalog/_all_docs', '{"keys":["p-001",'],
  ['POST', '/db/pages/_all_docs', '{"keys":['],
  ['POST', '/db/catalog/_changes', '{"doc_ids":['],
  ['POST', '/db/events/_changes', '{"doc_ids":['],
  ['POST', '/db/events/_bulk_docs', '{"docs":[{"_id":"x",'],
  ['POST', '/db/events/_all_docs', '{"keys":['],
  ['GET', '/db/catalog/', '{'],
  ['GET', '/db/catalog/_changes?since=0', '{'],
  ['GET', '/db/catalog/_all_docs', '{'],
  ['GET', '/db/catalog/p-001', '{'],
  ['POST', '/db/orders-79000000003/_all_docs', '{"keys":['],
  ['POST', '/db/catalog/_revs_diff', '{'],
];

describe('request bodies on /db are limited before they are read', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let florist: string;
  beforeAll(async () => {
    shop = await startTestShop();
    florist = await signIn(shop.url, demoPhones.florist);
  });
  afterAll(() => shop.close());

  it.each(calls)('%s %s: a declared gigabyte is refused unread', async (method, path, start) => {
    const answer = await rawRequest(shop.url, { method, path, declared: gigabyte, body: start, headers: { cookie: florist } });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.text).reason).toMatch(cyrillic);
  });

  it.each(calls)('%s %s: an endless chunked body is cut off', async (method, path, start) => {
    const upTo = 256 * 1024 * 1024;
    const answer = await rawRequest(shop.url, { method, path, body: start, streamUpTo: upTo, headers: { cookie: florist } });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).reason).toMatch(cyrillic);
    expect(answer.sent).toBeLessThan(upTo);
  });

  it('still takes a body within the limit', async () => {
    const answer = await rawRequest(shop.url, { method: 'POST', path: '/db/catalog/_all_docs', body: '{"keys":["p-001"]}' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).rows[0].id).toBe('p-001');
  });

  it('takes a batch of photo commands to the office, and no more than a batch', async () => {
    const photoSized = (i: number) => ({ _id: `photo-command-${i}`, filler: 'x'.repeat(1_400_000) });
    const body = (n: number) => JSON.stringify({ docs: Array.from({ length: n }, (_, i) => photoSized(i)) });
    const batch = await rawRequest(shop.url, { method: 'POST', path: '/db/office/_bulk_docs', body: body(pushBatchOf('office')), headers: { cookie: florist, 'content-type': 'application/json' } });
    // Read and judged (each junk document refused as a conflict), not refused for its size.
    expect(batch.status).toBe(201);
    const twice = await rawRequest(shop.url, { method: 'POST', path: '/db/office/_bulk_docs', body: body(2 * pushBatchOf('office')), headers: { cookie: florist, 'content-type': 'application/json' } });
    expect(twice.status).toBe(413);
    const events = await rawRequest(shop.url, { method: 'POST', path: '/db/events/_bulk_docs', body: body(2), headers: { cookie: florist, 'content-type': 'application/json' } });
    expect(events.status).toBe(413);
  });
});
