import { z } from 'zod';
import { favouriteMark, marksPerRequest, newerMark, type FavouriteMark } from '../../schema/shop/favourite';
import { call, ApiError } from '../lib/api';
import { nextPause } from '../lib/backoff';
import { browserOnline } from '../lib/use-online';

/**
 * The favourites this device knows of one owner (a phone, or `guest`): the server's list as last read, and the marks
 * made here that the server has not taken yet. Kept in localStorage rather than a collection (DECISIONS.md
 * «Favourites»): a few dozen ids, shared by the tabs through the storage event.
 */
const kept = z.object({
  server: z.array(z.string()),
  pending: z.record(z.string(), favouriteMark.omit({ id: true })),
});
type Kept = z.infer<typeof kept>;

export const guestOwner = 'guest';
const keyOf = (owner: string) => `shop:favourites:${owner}`;
const empty: Kept = { server: [], pending: {} };
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: Kept }>();

const read = (owner: string): Kept => {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(keyOf(owner));
  const hit = cache.get(owner);
  if (hit && hit.raw === raw) return hit.value;
  let value = empty;
  try {
    const parsed = kept.safeParse(JSON.parse(raw ?? 'null'));
    if (parsed.success) value = parsed.data;
  } catch {
    // Unreadable: start afresh.
  }
  cache.set(owner, { raw, value });
  return value;
};

const write = (owner: string, value: Kept) => {
  localStorage.setItem(keyOf(owner), JSON.stringify(value));
  listeners.forEach((l) => l());
};

/** Told of every change, in this tab or another. */
export const subscribeFavourites = (listener: () => void): (() => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key?.startsWith('shop:favourites:') && listener();
  addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', onStorage);
  };
};

/** What the heart shows: the server's list with this device's unsent marks on top, newest first. */
const shownCache = new Map<string, { from: Kept; ids: string[] }>();
export const favouriteIds = (owner: string): string[] => {
  const k = read(owner);
  const hit = shownCache.get(owner);
  if (hit?.from === k) return hit.ids;
  const added = Object.entries(k.pending).filter(([, m]) => m.on).sort(([, a], [, b]) => b.at - a.at).map(([id]) => id);
  const ids = [...added, ...k.server.filter((id) => !(id in k.pending))];
  shownCache.set(owner, { from: k, ids });
  return ids;
};

/** A tap on the heart: a mark, kept until the server takes it. */
export const markFavourite = (owner: string, id: string, on: boolean, at = Date.now()) => {
  const k = read(owner);
  write(owner, { ...k, pending: { ...k.pending, [id]: { on, at } } });
};

/** On sign-in: the guest's hearts become the customer's marks (the newer mark of a product wins), and leave the guest. */
export const adoptGuestFavourites = (owner: string) => {
  const guest = read(guestOwner);
  if (owner === guestOwner || !Object.keys(guest.pending).length) return;
  const k = read(owner);
  const pending = { ...k.pending };
  for (const [id, m] of Object.entries(guest.pending)) if (newerMark(m, pending[id])) pending[id] = m;
  write(owner, { ...k, pending });
  write(guestOwner, empty);
};

/**
 * Sends this owner's marks and reads the server's list. Offline or refused for now, the marks stay for the next
 * try; a mark the server refused for good (a product no longer in the catalogue) is dropped. Without a network
 * nothing is asked, so a device offline does not pile up failed requests.
 */
export const syncFavourites = async (owner: string): Promise<void> => {
  // The browser knows it has no network: nothing is tried (the `online` event brings the next try).
  if (owner === guestOwner || !browserOnline()) return;
  try {
    await exchange(owner);
    clearTimeout(retries.get(owner)?.timer);
    retries.delete(owner);
  } catch (e) {
    // A lost request (status 0), a server error or «too many» is tried again; a refusal (signed out, forbidden) is not.
    if (!(e instanceof ApiError) || e.status === 0 || e.status === 429 || e.status >= 500) retryLater(owner);
    throw e;
  }
};

/**
 * A try that failed with the network up (the first request after the network returns, a server restarting) comes
 * again after 2 s, then 4, 8… up to a minute, while marks wait: the heart must reach the server without another tap,
 * reload or `online` event. Offline, the `online` event brings the next try instead.
 */
const retries = new Map<string, { timer: ReturnType<typeof setTimeout>; wait: number }>();
const retryLater = (owner: string) => {
  const last = retries.get(owner);
  if (last) clearTimeout(last.timer);
  if (!Object.keys(read(owner).pending).length) return void retries.delete(owner);
  const wait = nextPause(last?.wait);
  const timer = setTimeout(() => void syncFavourites(owner).catch(() => undefined), wait);
  retries.set(owner, { timer, wait });
};

const exchange = async (owner: string): Promise<void> => {
  let server: string[] | null = null;
  const done = (sent: FavouriteMark[]) => {
    // Unless the heart was tapped again meanwhile, a mark taken (or refused for good) is done with.
    const now = read(owner);
    const pending = { ...now.pending };
    for (const m of sent) if (pending[m.id]?.at === m.at && pending[m.id]?.on === m.on) delete pending[m.id];
    write(owner, { server: server ?? now.server, pending });
  };
  const send = async (marks: FavouriteMark[]): Promise<void> => {
    try {
      server = (await call('POST /api/favourites/change', { marks })).data;
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 400)) throw e;
      // One bad mark (a product gone from the catalogue) must not hold back the others: each is tried alone.
      if (marks.length > 1) return marks.reduce((p, m) => p.then(() => send([m])), Promise.resolve());
    }
    done(marks);
  };
  const marks: FavouriteMark[] = Object.entries(read(owner).pending).map(([id, m]) => ({ id, ...m }));
  for (let i = 0; i < marks.length; i += marksPerRequest) await send(marks.slice(i, i + marksPerRequest));
  server = (await call('POST /api/favourites/list', {})).data;
  write(owner, { ...read(owner), server });
};
