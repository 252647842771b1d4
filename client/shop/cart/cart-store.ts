import { BehaviorSubject, type Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { addToCart, cart as cartSchema, removeFromCart, setCount, type Cart, type CartEntry } from '../../../schema/shop/cart';
import { storedCart, type StoredCart } from '../../data/stored-cart';

/** Spec §9: each change is saved 250 ms after the last one. */
export const cartSaveDelay = 250;

type Lines = Cart['cart'];

/** What is stored under one owner, or an empty cart when it cannot be read (spec §4). */
export const readCart = (stored: unknown): Lines => {
  const parsed = cartSchema.safeParse(stored && typeof stored === 'object' ? { cart: (stored as { cart?: unknown }).cart } : { cart: {} });
  return parsed.success ? parsed.data.cart : {};
};

/**
 * A change not yet in the database is also kept, synchronously, in localStorage: a page closed or reloaded
 * within the 250 ms (signing out reloads at once) would otherwise lose it. The next start saves it.
 */
const unsavedJournal = (owner: string) => {
  const key = `shop:cart-unsaved:${owner}`;
  const storage = typeof localStorage === 'undefined' ? null : localStorage;
  return {
    read: (): Lines | null => {
      const kept = storage?.getItem(key);
      return kept ? readCart({ cart: JSON.parse(kept) as unknown }) : null;
    },
    write: (lines: Lines) => storage?.setItem(key, JSON.stringify(lines)),
    clearIf: (lines: Lines) => storage?.getItem(key) === JSON.stringify(lines) && storage.removeItem(key),
  };
};

/**
 * One owner's cart: changed in memory at once, written to the carts collection after a quiet 250 ms,
 * and updated when another tab writes it.
 */
export const cartStore = (carts: RxCollection<StoredCart>, owner: string) => {
  const lines$ = new BehaviorSubject<Lines>({});
  const journal = unsavedJournal(owner);
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Checked with zod before it is written: a line that breaks schema/shop/cart.ts never reaches the device's storage. */
  const save = async () => {
    const lines = lines$.value;
    await carts.upsert(storedCart.parse({ owner, cart: lines }));
    journal.clearIf(lines);
  };
  const saveQuietly = () => save().catch((e: Error) => console.error('Корзина не сохранена:', e.message));
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void saveQuietly();
    }, cartSaveDelay);
  };
  const change = (next: Lines) => {
    lines$.next(next);
    journal.write(next);
    schedule();
  };
  const unsaved = journal.read();
  if (unsaved) {
    lines$.next(unsaved);
    schedule();
  }
  const sub = carts.findOne(owner).$.subscribe((doc) => {
    if (timer === undefined) lines$.next(readCart(doc?.toJSON()));
  });
  return {
    lines$: lines$ as Observable<Lines>,
    lines: () => lines$.value,
    add: (entry: Omit<CartEntry, 'count'> & { count?: number }) => change(addToCart(lines$.value, entry)),
    remove: (key: string) => change(removeFromCart(lines$.value, key)),
    setCount: (key: string, count: number) => change(setCount(lines$.value, key, count)),
    clear: () => change({}),
    /** Takes over lines put in the cart before signing in (the guest's cart), adding counts of the same key. */
    absorb: (guest: Lines) => change(Object.values(guest).reduce((lines, entry) => addToCart(lines, entry), lines$.value)),
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

/** What a visitor put in the cart before signing in is not lost: it moves into their own cart. */
export const moveGuestCart = async (carts: RxCollection<StoredCart>, into: CartStore): Promise<void> => {
  const guest = await carts.findOne('undefined').exec();
  const lines = readCart(guest?.toJSON());
  if (!guest || Object.keys(lines).length === 0) return;
  into.absorb(lines);
  await guest.incrementalPatch({ cart: {} });
};
