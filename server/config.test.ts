import { describe, expect, it } from 'vitest';
import { defaultConfig } from './config';

describe('settings read from the environment', () => {
  it('seeds the demo shop only in demo mode, unless SEED says otherwise', () => {
    expect(defaultConfig({ SHOP_MODE: 'demo' }).seed).toBe(true);
    expect(defaultConfig({ SHOP_MODE: 'production' }).seed).toBe(false);
    expect(defaultConfig({}).seed).toBe(false);
    expect(defaultConfig({ SHOP_MODE: 'production', SEED: '1' }).seed).toBe(true);
    expect(defaultConfig({ SHOP_MODE: 'demo', SEED: '0' }).seed).toBe(false);
  });
});
