import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { maxDepth } from './body-limit';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const task = (id: string, data: string) =>
  `{"docs":[{"_id":"${id}","type":"task","v":1,"title":"Букет","createdBy":"${demoPhones.manager}","createdAt":1,"updatedBy":"${demoPhones.manager}","updatedAt":1,"data":${data}}]}`;

describe('bodies nested too deep', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let staff: string;
  beforeAll(async () => {
    shop = await startTestShop();
    staff = await signIn(shop.url, demoPhones.manager);
  }, 60_000);
  afterAll(() => shop?.close());

  const post = async (path: string, body: string) => {
    const answer = await fetch(shop.url + path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: staff }, body });
    return { status: answer.status, body: (await answer.json()) as { error: string; reason?: string } };
  };

  it.each([
    ['a record’s data pushed to /db/office, 50,000 arrays deep', '/db/office/_bulk_docs', task('task-deep-0001', `{"title":"Букет","due":"2026-12-01","dueTime":"15:00","status":"todo","note":${nested(50_000)}}`)],
    ['a record’s data pushed to /db/office, 50,000 objects deep', '/db/office/_bulk_docs', task('task-deep-0002', nestedObjects(50_000))],
    ['an order command, 50,000 deep', '/api/orders/command', `{"id":"cmd-deep-000000001","order":"a1b2c3d4e5f6g7h8","action":${nested(50_000)}}`],
    ['a record through the record API, as deep as its 16 KB allow', '/api/tasks/update', `{"data":${nested(8_000)}}`],
  ])('answers %s with 400 and a Russian reason', async (_, path, body) => {
    const { status, body: answer } = await post(path, body);
    expect(status).toBe(400);
    expect(answer.reason ?? answer.error).toMatch(/Слишком глубокая вложенность данных/);
  });

  it(`takes ${maxDepth} levels, and brackets inside strings do not count`, async () => {
    const { status, body } = await post('/api/tasks/update', `{"data":{"title":"[[[{{{${'['.repeat(200)}","due":"2026-12-01","dueTime":"15:00","status":"todo","note":"\\"[[["},"x":${nested(maxDepth - 1)}}`);
    // Refused for its shape (the extra key), not for its depth.
    expect(status).toBe(400);
    expect(body.error).not.toMatch(/вложенность/);
  });
});
