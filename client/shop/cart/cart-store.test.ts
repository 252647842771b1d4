import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { cartCount, cartTotal, type CartEntry } from '../../../schema/shop/cart';
import type { StoredCart } from '../../data/stored-cart';
import { openLocalData } from '../../data/database';
import { memoryStorage } from '../../lib/memory-storage';
import { cartSaveDelay, cartStore, moveGuestCart, readCart } from './cart-store';

const rose = { id: 'p-001', art: 'B-1001', name: 'Букет «Утренний Прованс»', image: '/img/a.svg', price: 5000, discountPrice: 4500, priceFactor: 1 } satisfies Omit<CartEntry, 'count'>;
const bear = { id: 'p-091', art: 'G-1091', name: 'Мишка', image: '/img/b.svg', price: 1200, priceFactor: 1 } satisfies Omit<CartEntry, 'count'>;

/** A carts collection that only records writes: enough for the store, and fake timers cannot upset it. */
const recordingCarts = () => {
  const doc$ = new BehaviorSubject<{ toJSON(): StoredCart } | null>(null);
  const writes: StoredCart[] = [];
  const carts = {
    findOne: () => ({ $: doc$ }),
    upsert: async (d: StoredCart) => void writes.push(structuredClone(d)),
  } as unknown as RxCollection<StoredCart>;
  return { carts, writes, doc$ };
};

describe('cart rules (schema/shop/cart.ts through the store)', () => {
  afterEach(() => vi.useRealTimers());

  it('adding the same art twice raises its count; a sized bouquet is its own line', () => {
    const store = cartStore(recordingCarts().carts, 'undefined');
    store.add(rose);
    store.add({ ...rose, count: 2 });
    expect(store.lines()).toEqual({ 'B-1001': { ...rose, count: 3 } });
    store.add({ ...rose, letterSize: 'XL', priceFactor: 2 });
    expect(Object.keys(store.lines()).sort()).toEqual(['B-1001', 'B-1001~XL']);
    expect(cartCount(store.lines())).toBe(4);
    store.close();
  });

  it('removes a line and clears the cart', () => {
    const store = cartStore(recordingCarts().carts, 'undefined');
    store.add(rose);
    store.add(bear);
    store.remove('B-1001');
    expect(Object.keys(store.lines())).toEqual(['G-1091']);
    store.clear();
    expect(store.lines()).toEqual({});
    store.close();
  });

  it('sets a line’s count from the dropdown, and refuses a count a line cannot have', () => {
    const store = cartStore(recordingCarts().carts, 'undefined');
    store.add(rose);
    store.setCount('B-1001', 3);
    expect(store.lines()['B-1001'].count).toBe(3);
    for (const wrong of [0, -1, 1.5, 1000]) store.setCount('B-1001', wrong);
    store.setCount('no-such-line', 2);
    expect(store.lines()).toEqual({ 'B-1001': { ...rose, count: 3 } });
    store.close();
  });

  it('totals count × (discountPrice or price) × priceFactor', () => {
    const store = cartStore(recordingCarts().carts, 'undefined');
    store.add({ ...rose, count: 2 }); // 2 × 4500
    store.add({ ...rose, letterSize: 'L', priceFactor: 1.5 }); // 1 × 4500 × 1.5
    store.add({ ...bear, count: 3 }); // 3 × 1200, no discount
    expect(cartTotal(store.lines())).toBe(2 * 4500 + 4500 * 1.5 + 3 * 1200);
    store.close();
  });

  it('saves 250 ms after the last change, once, under the owner key', async () => {
    vi.useFakeTimers();
    const { carts, writes } = recordingCarts();
    const store = cartStore(carts, '0003');
    store.add(rose);
    await vi.advanceTimersByTimeAsync(cartSaveDelay - 50);
    store.add(bear);
    await vi.advanceTimersByTimeAsync(cartSaveDelay - 1);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual([{ owner: '0003', cart: { 'B-1001': { ...rose, count: 1 }, 'G-1091': { ...bear, count: 1 } } }]);
    await vi.advanceTimersByTimeAsync(cartSaveDelay * 4);
    expect(writes).toHaveLength(1);
    store.close();
  });

  it('an unreadable stored cart is an empty cart', () => {
    expect(readCart(undefined)).toEqual({});
    expect(readCart('garbage')).toEqual({});
    expect(readCart({ cart: { 'B-1001': { art: 'B-1001', count: 'many' } } })).toEqual({});
    expect(readCart({ owner: 'undefined', cart: { 'B-1001': { ...rose, count: 1 } } })).toEqual({ 'B-1001': { ...rose, count: 1 } });
  });

  it('shows an unreadable stored value as an empty cart', () => {
    const { carts, doc$ } = recordingCarts();
    const store = cartStore(carts, 'undefined');
    doc$.next({ toJSON: () => ({ owner: 'undefined', cart: { x: { broken: true } } }) as unknown as StoredCart });
    expect(store.lines()).toEqual({});
    store.close();
  });
});

describe('the cart in RxDB (fake-indexeddb)', () => {
  it('keeps each owner’s cart and reads it back after a reopen', async () => {
    const prefix = `cart${Date.now()}`;
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const first = await openLocalData(prefix, idb);
    const guest = cartStore(first.shop.carts, 'undefined');
    const florist = cartStore(first.shop.carts, '0003');
    guest.add(bear);
    florist.add({ ...rose, count: 2 });
    await Promise.all([guest.flush(), florist.flush()]);
    guest.close();
    florist.close();
    await first.shop.close();
    await first.dataSources.close();

    const again = await openLocalData(prefix, idb);
    const reread = cartStore(again.shop.carts, '0003');
    await vi.waitFor(() => expect(reread.lines()).toEqual({ 'B-1001': { ...rose, count: 2 } }));
    const otherOwner = (await again.shop.carts.findOne('undefined').exec())?.toJSON();
    expect(otherOwner?.cart).toEqual({ 'G-1091': { ...bear, count: 1 } });
    reread.close();
    await again.shop.close();
    await again.dataSources.close();
  });

  it('moves what a guest put in the cart into their own cart when they sign in', async () => {
    const data = await openLocalData(`cartmove${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const guest = cartStore(data.shop.carts, 'undefined');
    guest.add(bear);
    guest.add(rose);
    await guest.flush();
    guest.close();
    const own = cartStore(data.shop.carts, '0003');
    await vi.waitFor(() => expect(own.lines()).toEqual({}));
    own.add(rose);
    await moveGuestCart(data.shop.carts, own);
    expect(own.lines()).toEqual({ 'B-1001': { ...rose, count: 2 }, 'G-1091': { ...bear, count: 1 } });
    expect((await data.shop.carts.findOne('undefined').exec())?.toJSON().cart).toEqual({});
    own.close();
    await data.shop.close();
    await data.dataSources.close();
  });

  it('refuses to store a cart line that breaks schema/shop/cart.ts', async () => {
    const data = await openLocalData(`cartbad${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const store = cartStore(data.shop.carts, 'undefined');
    store.add({ ...bear, price: -5 });
    await expect(store.flush()).rejects.toThrow();
    expect(await data.shop.carts.findOne('undefined').exec()).toBeNull();
    store.close();
    await data.shop.close();
    await data.dataSources.close();
  });
});

describe('a change inside the save delay', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('survives the page going away before it was saved, and is saved on the next start', () => {
    Object.assign(globalThis, { localStorage: memoryStorage() });
    vi.useFakeTimers();
    const before = recordingCarts();
    cartStore(before.carts, '0003').add(rose);
    expect(before.writes).toEqual([]); // the page is gone before 250 ms: nothing reached the database

    const after = recordingCarts();
    const store = cartStore(after.carts, '0003');
    expect(store.lines()).toEqual({ 'B-1001': { ...rose, count: 1 } });
    vi.advanceTimersByTime(cartSaveDelay);
    expect(after.writes).toEqual([{ owner: '0003', cart: { 'B-1001': { ...rose, count: 1 } } }]);
    expect(cartStore(recordingCarts().carts, 'undefined').lines()).toEqual({});
  });
});
