import { describe, expect, it } from 'vitest';
import { laterFiles, type BuiltChunk } from './later-code';

const chunk = (fileName: string, rest: Partial<BuiltChunk> = {}): BuiltChunk => ({ fileName, isEntry: false, facadeModuleId: `/repo/client/shop/${fileName}.tsx`, imports: [], dynamicImports: [], css: [], ...rest });

describe('the code kept after the first view', () => {
  const chunks = [
    chunk('index.js', { isEntry: true, imports: ['shared.js'], dynamicImports: ['screens.js', 'checkout.js', 'admin-shell.js', 'admin-guards.js'], css: ['index.css'] }),
    chunk('shared.js'),
    // The storefront's screens: a chunk of a group, so the build names it by the module it holds (vite.config.ts).
    chunk('screens.js', { facadeModuleId: '/repo/client/storefront-screens.tsx', imports: ['index.js', 'bits.js'], css: ['screens.css'] }),
    chunk('bits.js', { facadeModuleId: null }),
    chunk('checkout.js', { imports: ['shared.js', 'money.js'], css: ['checkout.css'] }),
    chunk('money.js'),
    chunk('admin-shell.js', { facadeModuleId: '/repo/client/studio/admin/admin-shell.tsx', imports: ['money.js', 'kit.js', 'bits.js'], dynamicImports: ['orders.js', 'order-page.js', 'dashboard.js', 'records.js'], css: ['admin.css', 'checkout.css'] }),
    chunk('admin-guards.js', { facadeModuleId: '/repo/client/admin-guards.ts', imports: ['kit.js'] }),
    chunk('kit.js', { facadeModuleId: null }),
    chunk('orders.js', { facadeModuleId: '/repo/client/studio/orders/board/orders-board.tsx' }),
    chunk('order-page.js', { facadeModuleId: '/repo/client/studio/orders/order-page/order-page.tsx', imports: ['kit.js'], css: ['order-page.css'] }),
    chunk('dashboard.js', { facadeModuleId: '/repo/client/studio/admin/dashboard-page.tsx', imports: ['kit.js', 'stock.js'] }),
    chunk('stock.js', { facadeModuleId: null, css: ['stock.css'] }),
    // The records' screens, the write-off form's among them.
    chunk('records.js', { facadeModuleId: '/repo/client/studio/admin/screens.tsx', imports: ['kit.js', 'stock.js'], css: ['records.css'] }),
  ];

  it('leaves the entry, the storefront’s screens and what they import statically to the precache, lists the storefront’s lazy screens for everyone and the rest for staff', () => {
    expect(laterFiles(chunks)).toEqual({
      screens: ['/bits.js', '/screens.js'],
      // Each drawn staff screen: the guards, the shell and its own chunk with what they import, beyond the entry.
      drawn: {
        board: ['/admin-guards.js', '/admin-shell.js', '/admin.css', '/bits.js', '/checkout.css', '/kit.js', '/money.js', '/orders.js'],
        order: ['/admin-guards.js', '/admin-shell.js', '/admin.css', '/bits.js', '/checkout.css', '/kit.js', '/money.js', '/order-page.css', '/order-page.js'],
        dashboard: ['/admin-guards.js', '/admin-shell.js', '/admin.css', '/bits.js', '/checkout.css', '/dashboard.js', '/kit.js', '/money.js', '/stock.css', '/stock.js'],
        writeOff: ['/admin-guards.js', '/admin-shell.js', '/admin.css', '/bits.js', '/checkout.css', '/kit.js', '/money.js', '/records.css', '/records.js', '/stock.css', '/stock.js'],
      },
      shop: ['/checkout.css', '/checkout.js', '/money.js'],
      staff: ['/admin-guards.js', '/admin-shell.js', '/admin.css', '/dashboard.js', '/kit.js', '/order-page.css', '/order-page.js', '/orders.js', '/records.css', '/records.js', '/stock.css', '/stock.js'],
    });
  });

  it('counts a chunk the storefront and the back-office share as the storefront’s, once', () => {
    const { shop, staff } = laterFiles(chunks);
    expect(shop).toContain('/money.js');
    expect(staff).not.toContain('/money.js');
    expect(staff).not.toContain('/checkout.css');
  });

  it('puts a stylesheet imported on its own where the chunks naming it go: staff code’s to staff, a storefront screen’s to the storefront, never the first view', () => {
    const loose = [
      { fileName: 'uPlot.css', namedBy: ['orders.js'] },
      { fileName: 'picker.css', namedBy: ['checkout.js', 'admin-shell.js'] },
    ];
    const { screens, shop, staff } = laterFiles(chunks, loose);
    expect(staff).toContain('/uPlot.css');
    expect(shop).toContain('/picker.css');
    expect([...screens, ...shop]).not.toContain('/uPlot.css');
    expect(staff).not.toContain('/picker.css');
  });
});
