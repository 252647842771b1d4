import dns from 'node:dns';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config';

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => 'answered',
    (e: { message?: string; cause?: { message?: string } }) => e.cause?.message ?? e.message ?? String(e),
  );

/** Issue: a test used a real Posiflora host; now no test can resolve a name on the internet (server/testing/no-internet.ts). */
describe('tests and the internet', () => {
  it('resolves no name on the internet in a test: fetch, node:http and the resolver refuse at once', async () => {
    expect(await failureOf(fetch('https://studio.posiflora.com/api/v1/sessions'))).toBe('studio.posiflora.com: тесты не ходят в интернет');
    expect(
      await failureOf(
        new Promise((resolve, reject) => {
          http.get('http://api.yookassa.ru/v3/payments', resolve).on('error', reject);
        }),
      ),
    ).toBe('api.yookassa.ru: тесты не ходят в интернет');
    expect(await failureOf(dns.promises.lookup('example.com'))).toBe('example.com: тесты не ходят в интернет');
  });

  it('still resolves this machine’s names', async () => {
    expect((await dns.promises.lookup('localhost')).address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('lets no environment variable open Posiflora’s test allowances in a production config', () => {
    const env = { SHOP_MODE: 'production', POSIFLORA: '1', POSIFLORA_URL: 'http://127.0.0.1:9', POSIFLORA_STAND_IN: '1', STAND_IN_ON_LOOPBACK: '1' };
    expect(defaultConfig(env).posiflora).toBeUndefined();
  });
});
