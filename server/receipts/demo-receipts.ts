import type { ShopConfig } from '../config';

/**
 * Demo mode's cash register (issue 30): a demo shop without a receipts provider sends its receipts to the ATOL stand-in
 * the tests use (server/testing/atol-stand-in.ts, written from ATOL Online v5's public API), started beside it on
 * 127.0.0.1, so the order page shows «Чек зарегистрирован» with a test fiscal sign. Never in production: the mode
 * decides, and the stand-in's module is loaded only here.
 */
export const startDemoReceipts = async (config: ShopConfig): Promise<{ config: ShopConfig; close(): Promise<void> } | null> => {
  if (config.mode !== 'demo' || config.receipts) return null;
  const { startAtolStandIn } = await import('../testing/atol-stand-in');
  const atol = await startAtolStandIn('demo-login', 'demo-pass', 'demo-group');
  return { config: { ...config, receipts: { provider: 'atol', apiUrl: atol.apiUrl, login: atol.login, password: atol.password, group: atol.group } }, close: atol.close };
};
