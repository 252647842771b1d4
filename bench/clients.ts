import type { TestShop } from '../e2e/harness';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { client, clientIdOf } from '../schema/entities/client';
import { derivedFields } from '../schema/shared/record';
import { median, row } from './load';

const names = ['Анна', 'Борис', 'Вера', 'Григорий', 'Дарья', 'Елена', 'Жанна', 'Захар', 'Ирина', 'Кирилл'];
const surnames = ['Петрова', 'Смирнов', 'Иванова', 'Кузнецов', 'Попова', 'Соколов', 'Лебедева', 'Козлов'];

/** n client cards as a studio's admin database holds them: varied names, phones, birthdays and important dates. */
const benchClients = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const phone = `7907${String(i).padStart(7, '0')}`;
    const data = client.fields.parse({
      name: `${names[i % names.length]} ${surnames[i % surnames.length]} ${i}`,
      phone,
      birthday: `19${60 + (i % 40)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      source: i % 2 ? 'site' : 'phone',
      dates: i % 4 ? [] : [{ title: 'День рождения жены', date: `${String(1 + (i % 12)).padStart(2, '0')}-15`, recipient: 'Ольга' }],
    });
    const { orders: _o, spent: _s, averageCheck: _a, ...stored } = data;
    return { _id: clientIdOf(phone), type: 'client', ...derivedFields(client, data), createdBy: '', createdAt: i, updatedBy: '', updatedAt: i, data: stored };
  });

/**
 * The clients list with `n` cards: an admin's search by name, by phone and by one letter, and the first unsearched page,
 * through /api/clients/list (the views, the found cards, their order, the page's totals), beside a plain read of the same
 * documents from the same database.
 */
export const benchClientSearch = async (shop: TestShop, n = 20_000, runs = 7) => {
  const admin = shop.shop.storage.db('admin');
  const cards = benchClients(n);
  for (let i = 0; i < cards.length; i += 1000) await admin.bulkDocs(cards.slice(i, i + 1000));
  const cookie = await signIn(shop.url, demoPhones.admin);
  const time = async (task: () => Promise<unknown>) => {
    const took: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await task();
      took.push(performance.now() - started);
    }
    return median(took);
  };
  const plain = await time(() => admin.allDocs({ include_docs: true }));
  // The index reads the 20,000 cards that arrived at once on the next list (a one-off: later changes are read as they come).
  const built = performance.now();
  await call(shop.url, '/api/clients/list', { params: { skip: 0, limit: 20 }, query: { search: 'вера' } }, cookie);
  await call(shop.url, '/api/clients/list', { params: { skip: 0, limit: 20 }, query: {} }, cookie);
  row(`clients: index takes ${n} new cards (once)`, `${(performance.now() - built).toFixed(0)} ms`, `plain read of the ${n} cards`, `${plain.toFixed(0)} ms`, (performance.now() - built) / plain);
  const first = await time(async () => {
    const answer = await call<{ data: { total: number } }>(shop.url, '/api/clients/list', { params: { skip: 0, limit: 20 } }, cookie);
    if (answer.status !== 200 || answer.body.data.total < n) throw new Error(`clients list ${answer.status}`);
  });
  row(`clients: first page by name, ${n} cards`, `${first.toFixed(0)} ms`, `plain read of the ${n} cards`, `${plain.toFixed(0)} ms`, first / plain);
  for (const [what, search] of [['name', 'Вера Попова'], ['phone', '+7 907 000 12'], ['one letter', 'в']] as const) {
    const searched = await time(async () => {
      const answer = await call<{ data: { total: number } }>(shop.url, '/api/clients/list', { params: { skip: 0, limit: 20, sort: 'name' }, query: { search } }, cookie);
      if (answer.status !== 200 || answer.body.data.total === 0) throw new Error(`clients search ${answer.status}`);
    });
    row(`clients: search by ${what}, ${n} cards`, `${searched.toFixed(0)} ms`, `plain read of the ${n} cards`, `${plain.toFixed(0)} ms`, searched / plain);
  }
};
