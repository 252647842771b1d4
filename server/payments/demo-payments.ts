import crypto from 'node:crypto';
import type { ShopConfig } from '../config';

/** The demo's provider, once started: the shop's settings pointed at it, where it sends notifications, and its end. */
export interface DemoPayments {
  config: ShopConfig;
  /** Tells the stand-in the shop's address once it listens, for its notifications. */
  connect(shopUrl: string): void;
  close(): Promise<void>;
}

/**
 * Demo mode's online payment (issue 29, item 8): a demo shop without YooKassa keys pays through the stand-in the tests
 * use (server/testing/yookassa-stand-in.ts, written from YooKassa's public API), started beside it on 127.0.0.1, whose
 * payment page says «Тестовая оплата — деньги не списываются». Never in production: the mode decides, and the
 * stand-in's module is loaded only here; keys set in demo mode are used as given.
 */
export const startDemoPayments = async (config: ShopConfig): Promise<DemoPayments | null> => {
  if (config.mode !== 'demo' || config.yookassa) return null;
  const { startYookassaStandIn } = await import('../testing/yookassa-stand-in');
  const provider = await startYookassaStandIn('demo-shop', `test_${crypto.randomUUID()}`);
  return {
    config: { ...config, yookassa: { shopId: provider.shopId, secretKey: provider.secretKey, apiUrl: provider.apiUrl } },
    connect: (shopUrl) => provider.notifyTo(`${shopUrl}/api/payments/notification`),
    close: provider.close,
  };
};
