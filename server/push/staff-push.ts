import crypto from 'node:crypto';
import net from 'node:net';
import webpush from 'web-push';
import { z } from 'zod';
import { formatRoubles } from '../../schema/shared/money';
import { levelOf, type User } from '../../schema/shared/user';
import type { Order } from '../../schema/studio/orders/order';
import { mayBeToldOf, pushSubscription, staffPushMessage, staffPushMoments, type PushSubscriptionJson, type StaffPushKind } from '../../schema/studio/team/staff-push';
import { claim } from '../db/claim';
import { createIfMissing, getDoc, upsert } from '../db/docs';
import type { Storage } from '../db/storage';
import { log } from '../ops/log';
import { request, type OutsideReach } from '../http/outside-request';
import { inStudioWindow } from '../orders/studio-window';

/**
 * Web Push for staff (issue 30, item 5). The VAPID keys are made at the store's first start and kept beside its
 * epoch in the server-only `counters` database (the first write wins between two app servers starting at once), so
 * every app server signs with the same ones; only the public key reaches a device. Subscriptions live in the
 * server-only `staff-push` database (never in /db): one document per browser endpoint, stamped with its staff member.
 * A moment of an order (schema/studio/team/staff-push.ts) is claimed once per store (`p:{order}:{kind}`), so of two
 * app servers that both spread the order only one sends; the sending never holds the order up.
 */
export const staffPushDb = 'staff-push';
const keysId = 'vapid-keys';

const vapidKeys = z.object({ publicKey: z.string(), privateKey: z.string() });
export type VapidKeys = z.infer<typeof vapidKeys>;

/** The store's VAPID keys, made on its first start; two servers starting at once agree (the first write wins). */
export const ensureVapidKeys = async (storage: Storage): Promise<VapidKeys> => {
  const db = storage.db('counters');
  // Made only when the store has none: every start after the first reads them and generates nothing.
  const stored = await getDoc(db, keysId);
  if (!stored) await createIfMissing<VapidKeys & { at: string }>(db, keysId, { ...webpush.generateVAPIDKeys(), at: new Date().toISOString() });
  const keys = vapidKeys.safeParse(stored ?? (await getDoc(db, keysId)));
  if (!keys.success) throw new Error('Хранилище не отдало ключи VAPID (counters/vapid-keys)');
  return keys.data;
};

const subDoc = z.object({ ...pushSubscription.shape, staff: z.string(), createdAt: z.number().int() });
type SubDoc = z.infer<typeof subDoc>;
const subId = (endpoint: string) => `sub:${crypto.createHash('sha256').update(endpoint).digest('hex')}`;

/** The most devices one staff member is told on: an eleventh subscription replaces her oldest. */
export const devicesPerStaff = 10;

/** Stores a device's subscription for the signed-in staff member (a device's new subscription replaces its old one). */
const saveSubscription = async (storage: Storage, staff: string, sub: PushSubscriptionJson): Promise<void> => {
  const doc: SubDoc = { ...sub, staff, createdAt: Date.now() };
  await upsert<SubDoc>(storage.db(staffPushDb), subId(sub.endpoint), () => doc);
  const hers = (await subscriptions(storage)).filter((s) => s.staff === staff).sort((a, b) => b.createdAt - a.createdAt);
  for (const old of hers.slice(devicesPerStaff)) await deleteSubscription(storage, old.endpoint, staff);
};

/**
 * Where the server may post a push: a browser's push service over https, by name (the name's addresses are checked
 * at connection, server/http/outside-request.ts), with no login in the address; in tests only, plain http to the
 * stand-in on 127.0.0.1. A subscription is the device's word, so anything else would let a staff device make the
 * server post into its own network.
 */
export const pushEndpointIssue = (endpoint: string, reach: OutsideReach): string | undefined => {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return 'Адрес подписки не читается';
  }
  if (reach.standInOnLoopback && u.protocol === 'http:' && u.hostname === '127.0.0.1') return undefined;
  if (u.protocol !== 'https:' || u.username || u.password || u.port || net.isIP(u.hostname.replace(/^\[|\]$/g, '')) || !u.hostname.includes('.'))
    return 'Адрес подписки — только https:// службы уведомлений браузера';
  return undefined;
};

/** Deletes a subscription: its device turned the setting off (`staff`: only its own), or the push service forgot it. */
export const deleteSubscription = async (storage: Storage, endpoint: string, staff?: string): Promise<void> => {
  const db = storage.db(staffPushDb);
  const current = await getDoc<SubDoc>(db, subId(endpoint));
  if (!current || (staff !== undefined && current.staff !== staff)) return;
  await db.remove(subId(endpoint), String(current._rev)).catch((e: unknown) => log.warn({ err: e }, 'push subscription not removed (removed already?)'));
};

export const subscriptions = async (storage: Storage): Promise<SubDoc[]> => {
  const { rows } = await storage.db(staffPushDb).allDocs({ startkey: 'sub:', endkey: 'sub:\ufff0', include_docs: true });
  return rows.flatMap((r) => {
    const parsed = subDoc.safeParse(r.doc);
    return parsed.success ? [parsed.data] : [];
  });
};

export interface StaffPushSettings {
  /** The VAPID contact: the shop's https origin, else a mailto: address. */
  subject: string;
  /** How the push services are reached: `standInOnLoopback` lets the tests' stand-in on http://127.0.0.1 through. */
  reach?: OutsideReach;
  /** Pauses before the second and third try of a push the service answered 5xx or not at all. */
  retryMs?: readonly number[];
}

/** The endpoint's host only: the log never holds the endpoint's token, nor a phone. */
const hostOf = (endpoint: string) => new URL(endpoint).host;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Delivery = 'sent' | 'gone' | 'failed';

export const staffPusher = (storage: Storage, users: { get(phone: string): Promise<User | null> }, keys: VapidKeys, settings: StaffPushSettings) => {
  const inFlight = new Set<Promise<void>>();
  const retryMs = settings.retryMs ?? [2000, 10_000];
  const reach = settings.reach ?? {};

  const deliver = async (sub: SubDoc, payload: string): Promise<Delivery> => {
    const { staff: _s, createdAt: _c, ...subscription } = sub;
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      try {
        const details = webpush.generateRequestDetails(subscription, payload, {
          vapidDetails: { subject: settings.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 4 * 3600,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        });
        const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
        status = (await request(reach, 'службы уведомлений', new URL(details.endpoint), { method: 'POST', headers, body: new Uint8Array(details.body), signal: AbortSignal.timeout(10_000) })).status;
      } catch (e) {
        log.warn({ err: e instanceof Error ? e.name : 'error' }, `push to ${hostOf(sub.endpoint)} did not answer`);
      }
      if (status >= 200 && status < 300) return 'sent';
      if (status === 404 || status === 410) return 'gone';
      if ((status !== 0 && status !== 429 && status < 500) || attempt >= retryMs.length) {
        log.warn(`push to ${hostOf(sub.endpoint)} failed (${status || 'no answer'}), given up`);
        return 'failed';
      }
      await pause(retryMs[attempt]!);
    }
  };

  const send = async (o: Order, kind: StaffPushKind): Promise<void> => {
    const message = staffPushMessage(kind, o, formatRoubles);
    const payload = JSON.stringify(message);
    const window = inStudioWindow(o.date);
    for (const sub of await subscriptions(storage)) {
      if (pushEndpointIssue(sub.endpoint, reach)) continue;
      const member = await users.get(sub.staff);
      if (!mayBeToldOf(levelOf(member), window)) continue;
      const outcome = await deliver(sub, payload);
      if (outcome === 'gone') await deleteSubscription(storage, sub.endpoint);
    }
  };

  return {
    publicKey: keys.publicKey,
    /** Keeps a device's subscription for the signed-in staff member, or says why not (in Russian). */
    async subscribe(staff: string, sub: PushSubscriptionJson): Promise<string | undefined> {
      const issue = pushEndpointIssue(sub.endpoint, reach);
      if (!issue) await saveSubscription(storage, staff, sub);
      return issue;
    },
    /**
     * Claims the order's fresh moments (once per store) and sends the won ones in the background. Never throws: a
     * notification is never worth failing an order.
     */
    async announce(o: Order, now = Date.now()): Promise<void> {
      try {
        for (const kind of staffPushMoments(o, now)) {
          if (!(await claim(storage.db(staffPushDb), `p:${o.id}:${kind}`, { order: o.id, kind, at: now }))) continue;
          const job = send(o, kind)
            .catch((e: unknown) => log.error({ err: e }, `push about order ${o.id} (${kind}) failed`))
            .finally(() => inFlight.delete(job));
          inFlight.add(job);
        }
      } catch (e) {
        log.error({ err: e }, `pushes of order ${o.id} not claimed`);
      }
    },
    /** Waits for the pushes under way (the shop's close, tests). */
    settled: async () => {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
};
export type StaffPusher = ReturnType<typeof staffPusher>;

/** The pusher of each open store, set by the shop at start: spreadOrder (server/orders/spread.ts) announces through it. */
const pushers = new WeakMap<Storage, StaffPusher>();
export const registerStaffPusher = (storage: Storage, pusher: StaffPusher) => pushers.set(storage, pusher);
export const staffPusherOf = (storage: Storage): StaffPusher | undefined => pushers.get(storage);
export const announceToStaff = async (storage: Storage, o: Order): Promise<void> => {
  await pushers.get(storage)?.announce(o);
};
