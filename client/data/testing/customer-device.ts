import { nextDay, today } from '../../../schema/shared/day';

/** For tests only: a customer's pickup draft for tomorrow, one of the demo's first product. */
export const pickupDraft = (id: string, phone: string) => ({
  id,
  lines: [{ id: 'p-001', count: 1 }],
  sender: { name: 'Анна', phone },
  recipient: { name: 'Ольга', phone: '79440000009' },
  delivery: { method: 'pickup' as const },
  date: nextDay(today()),
  slot: '12:00–15:00' as const,
  postcard: '',
  anonymous: false,
  comment: '',
  payment: 'cash' as const,
});

/**
 * For tests only. Node's fetch has no cookie jar: the device sends the session it has now, as a browser would (a
 * test's own call keeps its cookie). `restore` puts the plain fetch back.
 */
export const deviceCookie = (shopUrl: () => string) => {
  const plain = globalThis.fetch;
  const jar = { cookie: '' };
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith(shopUrl()) ? plain(input, { ...init, headers: { cookie: jar.cookie, ...(init?.headers as Record<string, string>) } }) : plain(input, init);
  };
  return { jar, restore: () => void (globalThis.fetch = plain) };
};
