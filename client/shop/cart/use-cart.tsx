import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { NEVER, type Observable } from 'rxjs';
import { cartCount, cartOwner, cartTotal, lineSum, type Cart, type CartEntry } from '../../../schema/shop/cart';
import { useLocalIfOpen, wantLocal } from '../../data/local-data-context';
import { useObservable } from '../../lib/use-observable';
import { useSession } from '../../shared/auth/session';
import { cartStore, moveGuestCart, type CartStore } from './cart-store';
import { reportCartChange } from './report';
import { analytics } from '../../shared/analytics/analytics';

const guestOwner = cartOwner(undefined);
type Lines = Cart['cart'];

interface CartApi {
  lines: Cart['cart'];
  count: number;
  total: number;
  add(entry: Omit<CartEntry, 'count'> & { count?: number }): void;
  remove(key: string): void;
  /** The dropdown's − and +: one line's count, from 1 up. */
  setCount(key: string, count: number): void;
  clear(): void;
}

const CartContext = createContext<CartApi | null>(null);

/** The signed-in user's cart (a guest's is stored under 'undefined', as the spec says). */
export const CartProvider = ({ children }: { children: ReactNode }) => {
  const data = useLocalIfOpen()?.data;
  const { user } = useSession();
  const owner = cartOwner(user?.phone);
  const store: CartStore | null = useMemo(() => (data ? cartStore(data.shop.carts, owner) : null), [data, owner]);
  // A server-rendered page can be used before the device's store has opened: what is done meanwhile waits for it.
  const waiting = useRef<((store: CartStore) => void)[]>([]);
  useEffect(() => {
    if (!store) return;
    for (const change of waiting.current.splice(0)) change(store);
  }, [store]);
  useEffect(() => {
    if (data && store && owner !== guestOwner) void moveGuestCart(data.shop.carts, store);
  }, [data, owner, store]);
  useEffect(() => {
    if (!store) return;
    const flush = () => void store.flush();
    addEventListener('pagehide', flush);
    return () => {
      removeEventListener('pagehide', flush);
      store.close();
    };
  }, [store]);
  const lines$ = useMemo<Observable<Lines>>(() => store?.lines$ ?? NEVER, [store]);
  const lines = useObservable(lines$, {});
  const value = useMemo<CartApi>(() => {
    const withStore = (change: (store: CartStore) => void) => {
      if (store) return change(store);
      waiting.current.push(change);
      wantLocal();
    };
    return {
      lines,
      count: cartCount(lines),
      total: cartTotal(lines),
      add(entry) {
        withStore((s) => s.add(entry));
        reportCartChange('addToCart', { ...entry, count: entry.count ?? 1 });
        analytics.addToCart(location.pathname, lineSum({ ...entry, count: entry.count ?? 1 }));
      },
      remove(key) {
        const line = (store?.lines() ?? lines)[key];
        withStore((s) => s.remove(key));
        if (line) reportCartChange('removeFromCart', line);
      },
      setCount(key, count) {
        const line = (store?.lines() ?? lines)[key];
        if (!line || count === line.count) return;
        withStore((s) => s.setCount(key, count));
        // Reported as the spec reports cart changes: what was added or taken out.
        const change = { ...line, count: Math.abs(count - line.count) };
        reportCartChange(count > line.count ? 'addToCart' : 'removeFromCart', change);
        if (count > line.count) analytics.addToCart(location.pathname, lineSum(change));
      },
      clear: () => withStore((s) => s.clear()),
    };
  }, [lines, store]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
};

export const useCart = (): CartApi => {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('CartProvider is missing');
  return cart;
};
