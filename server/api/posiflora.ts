import { Router } from 'express';
import { posifloraKinds } from '../../schema/studio/reports/posiflora';
import type { Shop } from '../context';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { asHttpError, posifloraClient } from '../posiflora/posiflora-api';
import { posifloraImport } from '../posiflora/posiflora-import';
import { posifloraStore } from '../posiflora/posiflora-store';

/**
 * /admin/posiflora (issue 22, item 5). The account's password and session tokens stay in the server-only
 * `posiflora` database: no answer here carries them.
 */
export const posifloraApi = (shop: Shop): Router => {
  const api = Router();
  const store = posifloraStore(shop.storage);
  const importer = posifloraImport(shop);
  const posiflora = posifloraClient(shop.config.posiflora);

  route(api, 'POST /api/posiflora/status', async () => {
    const account = await store.account();
    return {
      data: {
        connected: !!account,
        ...(account ? { url: account.url, username: account.username, connectedAt: account.connectedAt } : {}),
        runs: await store.runs(),
      },
    };
  });

  route(api, 'POST /api/posiflora/connect', async ({ body, res }) => {
    const issue = posiflora.addressIssue(body.url);
    if (issue) throw new HttpError(400, issue);
    const tokens = await posiflora.signIn(body.url, body.username, body.password).catch(asHttpError);
    const before = await store.account();
    // Another account starts from scratch; the same one goes on from where it was.
    if (before && before.url !== body.url) await store.clearCursors(posifloraKinds);
    await store.saveAccount({ ...body, ...tokens, connectedBy: res.locals.user!.phone, connectedAt: Date.now() });
    return { data: { connected: true as const, url: body.url, username: body.username } };
  });

  route(api, 'POST /api/posiflora/disconnect', async () => {
    await store.saveAccount(null);
    return { data: { connected: false as const } };
  });

  route(api, 'POST /api/posiflora/run', async ({ res }) => {
    const run = await importer.run(res.locals.user!.phone);
    if (!run) throw new HttpError(409, 'Posiflora не подключена: сначала укажите адрес, логин и пароль');
    return { data: run };
  });

  route(api, 'POST /api/posiflora/orders', async ({ body }) => {
    const { search, limit } = body;
    const needle = search.toLowerCase().replace(/\D/g, '') || search.toLowerCase();
    const all = (await store.orders()).filter((o) => !search || o.docNo.toLowerCase().includes(search.toLowerCase()) || (needle && o.customerPhone.includes(needle)));
    all.sort((a, b) => b.day.localeCompare(a.day) || b.docNo.localeCompare(a.docNo));
    return { data: { items: all.slice(0, limit), total: all.length } };
  });

  return api;
};
