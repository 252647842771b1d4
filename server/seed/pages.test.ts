import { describe, expect, it } from 'vitest';
import { formatRoubles } from '../../schema/shared/money';
import { deliveryPrice, deliverySlots, freeDeliveryFrom } from '../../schema/studio/orders/order';
import { demoPages } from './pages';

const text = (slug: string) => {
  const p = demoPages.find((x) => x.id === slug);
  if (!p) throw new Error(`no page ${slug}`);
  return JSON.stringify(p);
};

describe('demo pages', () => {
  it('quote the delivery price, the free-delivery threshold and the slots the checkout offers', () => {
    const delivery = text('info/delivery');
    expect(delivery).toContain(formatRoubles(deliveryPrice));
    expect(delivery).toContain(formatRoubles(freeDeliveryFrom));
    for (const slot of deliverySlots) expect(delivery).toContain(slot);
    expect(JSON.stringify(demoPages)).not.toMatch(/двухчасов/);
  });
});
