import { describe, expect, it } from 'vitest';
import { countOpenRequests, journeyPerFile } from './harness';
import { signInThroughDialog, waitFor } from './journeys';

/**
 * A browser holds at most 6 connections per host for all its tabs. However many tabs and collections,
 * the shop's sync may keep at most 2 of them open — here, with staff signed in (three synced databases).
 */
/** How long a request must have been open to count as a long-lived connection. */
const longLivedMs = 10_000;

describe('long-lived connections', () => {
  const journey = journeyPerFile();

  it('stay at 2 or fewer with five tabs open, and every tab still gets live changes', async () => {
    const openRequests = countOpenRequests(journey().shop);
    const context = await journey().newContext();
    const first = await context.newPage();
    await first.goto('/');
    await signInThroughDialog(first, journey().shop, '79000000003');
    const tabs = [first];
    for (let i = 0; i < 4; i++) tabs.push(await context.newPage());
    await Promise.all(tabs.slice(1).map((t) => t.goto('/items/p-002')));
    await Promise.all(tabs.slice(1).map((t) => t.getByRole('heading', { name: /Монобукет|Букет/ }).first().waitFor()));

    await waitFor('the change stream to open', async () => openRequests().some((r) => r.includes('/api/sync/stream'))).catch((e: Error) => {
      throw new Error(`${e.message}; open: ${openRequests().join(', ')}`);
    });
    // Long-lived: open for 10 s. A page's files still loading on a busy machine are not, and are waited out.
    await waitFor('only long-lived requests left open', async () => openRequests().length === openRequests(longLivedMs).length);
    const open = openRequests();
    expect(open.length, open.join('\n')).toBeLessThanOrEqual(2);
    expect(open.filter((r) => r.includes('/api/sync/stream'))).toHaveLength(1);

    const catalog = journey().shop.shop.storage.db('catalog');
    const doc = await catalog.get('p-002');
    await catalog.put({ ...doc, price: 12345, discountPrice: undefined });
    for (const tab of tabs.slice(1)) await tab.getByText('12 345 ₽').first().waitFor({ timeout: 20_000 });
    expect(openRequests().length).toBeLessThanOrEqual(2);
    await context.close();
  });
});
