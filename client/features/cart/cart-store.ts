import { BehaviorSubject, type Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { addToCart, cart as cartSchema, removeFromCart, type Cart, type CartEntry } from '../../../schema/cart';
import { storedCart, type StoredCart } from '../../data/collections';

/** Spec §9: each change is saved 250 ms after the last one. */
export const cartSaveDelay = 250;

type Lines = Cart['cart'];

/** What is stored under one owner, or an empty cart when it cannot be read (spec §4). */
export const readCart = (stored: unknown): Lines => {
  const parsed = cartSchema.safeParse(stored && typeof stored === 'object' ? { cart: (stored as { cart?: unknown }).cart } : { cart: {} });
  return parsed.success ? parsed.data.cart : {};
};

/**
 * One owner's cart: changed in memory at once, written to the carts collection after a quiet 250 ms,
 * and updated when another tab writes it.
 */
export const cartStore = (carts: RxCollection<StoredCart>, owner: string) => {
  const lines$ = new BehaviorSubject<Lines>({});
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Checked with zod before it is written: a line that breaks schema/cart.ts never reaches the device's storage. */
  const save = async () => void (await carts.upsert(storedCart.parse({ owner, cart: lines$.value })));
  const saveQuietly = () => save().catch((e: Error) => console.error('Корзина не сохранена:', e.message));
  const change = (next: Lines) => {
    lines$.next(next);
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void saveQuietly();
    }, cartSaveDelay);
  };
  const sub = carts.findOne(owner).$.subscribe((doc) => {
    if (timer === undefined) lines$.next(readCart(doc?.toJSON()));
  });
  return {
    lines$: lines$ as Observable<Lines>,
    lines: () => lines$.value,
    add: (entry: Omit<CartEntry, 'count'> & { count?: number }) => change(addToCart(lines$.value, entry)),
    remove: (key: string) => change(removeFromCart(lines$.value, key)),
    clear: () => change({}),
    /** Writes a pending change now (before the page goes away). */
    async flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      await save();
    },
    close() {
      sub.unsubscribe();
      this.flush().catch((e: Error) => console.error('Корзина не сохранена:', e.message));
    },
  };
};
export type CartStore = ReturnType<typeof cartStore>;
