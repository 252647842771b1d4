import { describe, expect, it } from 'vitest';
import { ConfigError, defaultConfig } from './config';

describe('settings read from the environment', () => {
  it('seeds the demo shop only in demo mode, unless SEED says otherwise', () => {
    expect(defaultConfig({ SHOP_MODE: 'demo' }).seed).toBe(true);
    expect(defaultConfig({ SHOP_MODE: 'production' }).seed).toBe(false);
    expect(defaultConfig({}).seed).toBe(false);
    expect(defaultConfig({ SHOP_MODE: 'production', SEED: '1' }).seed).toBe(true);
    expect(defaultConfig({ SHOP_MODE: 'demo', SEED: '0' }).seed).toBe(false);
  });

  it('offers online payment only with both YooKassa keys, and refuses half of them', () => {
    expect(defaultConfig({}).yookassa).toBeUndefined();
    expect(defaultConfig({ YOOKASSA_SHOP_ID: '123', YOOKASSA_SECRET_KEY: 'live_x' }).yookassa).toEqual({ shopId: '123', secretKey: 'live_x', apiUrl: 'https://api.yookassa.ru/v3' });
    expect(defaultConfig({ YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'k', YOOKASSA_API_URL: 'http://127.0.0.1:9/v3/' }).yookassa?.apiUrl).toBe('http://127.0.0.1:9/v3');
    expect(() => defaultConfig({ YOOKASSA_SHOP_ID: '123' })).toThrow(ConfigError);
    expect(defaultConfig({}).onlineHoldMs).toBe(30 * 60_000);
    expect(defaultConfig({ ONLINE_PAYMENT_HOLD_MINUTES: '0.5' }).onlineHoldMs).toBe(30_000);
    expect(() => defaultConfig({ ONLINE_PAYMENT_HOLD_MINUTES: 'полчаса' })).toThrow(ConfigError);
  });

  it('logs at info unless LOG_LEVEL says otherwise, refuses a level pino does not know, and reads METRICS_TOKEN', () => {
    expect(defaultConfig({}).logLevel).toBe('info');
    expect(defaultConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => defaultConfig({ LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(defaultConfig({}).metricsToken).toBeUndefined();
    expect(defaultConfig({ METRICS_TOKEN: 's3cret' }).metricsToken).toBe('s3cret');
  });
});
