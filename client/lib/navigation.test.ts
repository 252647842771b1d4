import { describe, expect, it } from 'vitest';
import { checkedTarget } from './navigation';
import { passes } from '../shared/auth/route-guards';

const shop = 'https://shop.example';

describe('where the shop may send a visitor (spec §8)', () => {
  it('keeps a path of its own, with query and hash', () => {
    expect(checkedTarget('/orders/create?x=1#top', shop)).toBe('/orders/create?x=1#top');
    expect(checkedTarget(`${shop}/my`, shop)).toBe('/my');
  });

  it('throws for another site unless allowed, and always for script-type schemes', () => {
    expect(() => checkedTarget('https://evil.example/login', shop)).toThrow(/внешний адрес/);
    expect(() => checkedTarget('//evil.example/login', shop)).toThrow(/внешний адрес/);
    expect(checkedTarget('https://t.me/studio', shop, { external: true })).toBe('https://t.me/studio');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:x']) {
      expect(() => checkedTarget(bad, shop, { external: true }), bad).toThrow(/Недопустимая ссылка/);
    }
  });
});

describe('route middleware (spec §6, §8)', () => {
  const florist = { phone: '79000000003', name: '', roles: ['florist' as const], isAdmin: false };
  const admin = { phone: '79000000001', name: '', roles: [], isAdmin: true };
  it('lets staff into florist routes, only admins into admin ones, only guests into guest ones', () => {
    expect(passes('florist', florist)).toBe(true);
    expect(passes('florist', admin)).toBe(true);
    expect(passes('admin', florist)).toBe(false);
    expect(passes('admin', admin)).toBe(true);
    expect(passes('manager', admin)).toBe(true);
    expect(passes('guest', null)).toBe(true);
    expect(passes('guest', florist)).toBe(false);
    expect(passes('florist', { ...florist, roles: [] })).toBe(false);
  });

  it('throws for a middleware it does not know', () => {
    expect(() => passes('courier', florist)).toThrow('Unknown route middleware: courier');
  });
});
