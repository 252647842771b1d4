import { z } from 'zod';
import { artRequest, idListRequest, idRequest, listRequest, loginAnswer, loginRequest, noPayload, searchItemRequest, slugRequest, verifyRequest } from './api';
import { apiRoutes, recordActions, recordRoute, recordRouteLevel, voidRoute, voidRoutes, type RecordAction, type RecordRoute, type VoidRoute } from './api-routes';
import { voidableEntities } from './voids';
import { analyticsRequest } from '../studio/reports/analytics-period';
import { backupView } from './backup-view';
import type { AnalyticsReport } from '../studio/reports/analytics-report';
import { catalogSetup, catalogSetupUpdate } from '../shop/catalog-setup';
import { clientImportRequest } from '../studio/clients/client-csv';
import { clientHistoryRequest, type ClientHistory } from '../studio/clients/client-history';
import { clientMergeRequest } from '../studio/clients/client-merge';
import { debtsAnswer } from '../studio/clients/debts';
import { entities, type AnyEntity } from '../entities';
import { eventDelete, eventInput, eventsListQuery, shopEvent } from '../studio/orders/event';
import { favouritesChange } from '../shop/favourite';
import { smsNotices } from '../shop/sms-notices';
import { noticeView } from '../studio/orders/order-notices';
import { pushKey, pushSaved, pushSubscription, pushUnsubscribe } from '../studio/team/staff-push';
import { homeCopy, homeCopyUpdate } from '../shop/home-copy';
import { navigation } from '../shop/navigation';
import { navigationUpdate } from '../shop/navigation-update';
import { clientNotice, healthAnswer, orderListRequest, posifloraOrdersRequest, statusUpdate } from './api-requests';
import { order, placeRequest } from '../studio/orders/order';
import { commandOutcome, orderCommand } from '../studio/orders/order-command';
import { page, pageDraft, pageDraftRequest, pageUpdate } from '../shop/page';
import { paymentAnswer, paymentOffer, paymentOrderRequest, payNowRequest } from '../shop/pay-now';
import { phone } from './phone';
import { posifloraConnectRequest, posifloraRun } from '../studio/reports/posiflora';
import { archivedOrder } from '../studio/reports/posiflora-mapping';
import { product, productInput } from '../shop/product';
import { qrDeviceRequest, qrLoginRequest, qrVerifyRequest } from './qr-login';
import { officeRecord, recordIdRequest, type recordListRequest, type recordSaveRequest, type RecordSaveRequest } from './record';
import { shiftChecksAnswer } from '../studio/money/shift-check';
import { counterRegisterAnswer, receiptResendAnswer, receiptResendRequest, receiptSettingsAnswer, receiptSettingsUpdate, receiptsListAnswer, receiptsListRequest } from '../studio/receipts/receipt';
import { devicePrintRelease, devicePrintReleaseAnswer } from '../studio/receipts/counter-print';
import { shopSettings } from '../studio/site/shop-settings';
import { shopSettingsUpdate, smsGatewayUpdate, smsTest } from '../studio/site/shop-settings-update';
import { staffChange, staffChangesRequest, staffPerson, staffRemoveRequest, staffSaveRequest, workdayRequest } from '../studio/team/staff';
import { stockAnswer } from '../studio/stock/stock-answer';
import { studioProfile, studioProfileUpdate } from '../studio/team/studio-profile';
import { user, userUpdate, type Level } from './user';

/**
 * The /api contract: per route, who may call it (the access table, schema/shared/api-routes.ts), what it takes and what it
 * answers. The server parses each request by its row before the handler runs and, outside production, checks each
 * answer against it (server/http/route.ts); the client's `call` (client/lib/api.ts) takes the request's and the
 * answer's types from here, as types only: nothing of this file reaches the browser.
 *
 * `request` is the body of a POST and the query of a GET. Two markers say where a route is not plain JSON:
 * `unparsed` — the handler reads the request itself (a file's bytes, a provider's notification, an address's id);
 * `notJson` — the answer is not JSON (an event stream, a photo's bytes): the handler answers itself.
 */
export const unparsed = z.unknown().describe('unparsed');
export const notJson = z.never().describe('not JSON');
/**
 * An answer typed but not checked at runtime: its shape is a TypeScript type of the code that computes it (a report
 * of many figures) and has no schema yet. The server's compiler still checks the handler returns this type.
 */
const typedOnly = <T>() => z.custom<T>(() => true);

const ok = z.object({ ok: z.boolean() });
const userAnswer = z.object({ user: user.nullable() });
const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });
const listOf = <S extends z.ZodType>(item: S) => data(z.object({ items: z.array(item), total: z.number(), skip: z.number(), limit: z.number() }));
const versioned = <K extends string, S extends z.ZodType>(key: K, schema: S) => data(z.object({ [key]: schema, updatedAt: z.number() } as { [P in K]: S } & { updatedAt: z.ZodNumber }));
/** An event as stored: the server's own ids (an order's event) need not match a device's, and the store's fields (`_id`, `_rev`) ride along. */
export const storedEvent = shopEvent.extend({ id: z.string() }).loose();
const qrDevice = z.object({ browser: z.string(), system: z.string(), ip: z.string(), seenAt: z.number() });
const qrLoginAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('waiting'), code: z.string(), svg: z.string(), link: z.string(), expiresAt: z.number() }),
  z.object({ status: z.literal('done'), user }),
]);
const commandAnswer = z.object({ data: order.optional(), outcome: commandOutcome });
const smsGatewayAnswer = data(z.object({ url: z.string(), hasToken: z.boolean() }));
const staffMember = z.object({ phone: z.string(), name: z.string() });
const posifloraStatus = z.object({ connected: z.boolean(), url: z.string().optional(), username: z.string().optional(), connectedAt: z.number().optional(), runs: z.array(posifloraRun) });
const clientImport = z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), errors: z.array(z.object({ line: z.number(), error: z.string() })) });

export interface ApiRow {
  access: Level;
  request: z.ZodType;
  answer: z.ZodType;
}

const row = <K extends keyof typeof apiRoutes, Q extends z.ZodType, A extends z.ZodType>(key: K, request: Q, answer: A) => ({ access: apiRoutes[key], request, answer });

/** Every route of the access table with its shapes; the `satisfies` below keeps the two tables' keys one set. */
const shapes = {
  'POST /api/login': row('POST /api/login', loginRequest, loginAnswer),
  'POST /api/phone-verify': row('POST /api/phone-verify', verifyRequest, userAnswer),
  'GET /api/user': row('GET /api/user', unparsed, userAnswer),
  'POST /api/user': row('POST /api/user', noPayload, userAnswer),
  'POST /api/logout': row('POST /api/logout', noPayload, userAnswer),
  'POST /api/user-update': row('POST /api/user-update', userUpdate, userAnswer),
  'POST /api/qr-login': row('POST /api/qr-login', qrLoginRequest, qrLoginAnswer),
  'POST /api/qr-device': row('POST /api/qr-device', qrDeviceRequest, qrDevice),
  'POST /api/qr-verify': row('POST /api/qr-verify', qrVerifyRequest, ok),
  'GET /api/dev/last-code': row('GET /api/dev/last-code', z.strictObject({ phone }), z.object({ code: z.string() })),
  /** Answers 204 without a body. */
  'POST /api/info/notify': row('POST /api/info/notify', clientNotice, z.undefined()),
  /** Server-sent events (server/api/sync-stream.ts). */
  'GET /api/sync/stream': row('GET /api/sync/stream', unparsed, notJson),
  /** 200 this, or 503 `{ ok: false, db: 'unreachable', since, message }` (the handler answers that itself). */
  'GET /api/health': row('GET /api/health', unparsed, healthAnswer),
  'POST /api/items/list': row('POST /api/items/list', listRequest, listOf(product)),
  'POST /api/items/get': row('POST /api/items/get', idRequest, data(product)),
  'POST /api/items/get-art': row('POST /api/items/get-art', artRequest, data(product)),
  'POST /api/items/get-list': row('POST /api/items/get-list', idListRequest, data(z.array(product))),
  'POST /api/items/catalog': row('POST /api/items/catalog', noPayload, data(z.object({ categories: z.array(z.object({ id: z.string(), label: z.string(), count: z.number() })) }))),
  'POST /api/items/update': row('POST /api/items/update', productInput, data(product)),
  'POST /api/items/delete': row('POST /api/items/delete', idRequest, ok),
  /** The body is the picture's bytes, not JSON (server/photos/item-upload.ts reads them). */
  'POST /api/items/upload-image': row('POST /api/items/upload-image', unparsed, data(z.object({ url: z.string() }))),
  'POST /api/refs/search-item': row('POST /api/refs/search-item', searchItemRequest, data(z.object({ items: z.array(product) }))),
  'POST /api/pages/get': row('POST /api/pages/get', slugRequest, data(page)),
  'POST /api/pages/list': row('POST /api/pages/list', noPayload, data(z.array(page))),
  'POST /api/pages/update': row('POST /api/pages/update', pageUpdate, data(page)),
  'POST /api/pages/draft': row('POST /api/pages/draft', pageDraftRequest, data(pageDraft)),
  'POST /api/pages/drafts': row('POST /api/pages/drafts', noPayload, data(z.object({ items: z.array(pageDraft) }))),
  'POST /api/profile/get': row('POST /api/profile/get', noPayload, versioned('profile', studioProfile)),
  'POST /api/profile/update': row('POST /api/profile/update', studioProfileUpdate, versioned('profile', studioProfile)),
  'POST /api/catalog-setup/get': row('POST /api/catalog-setup/get', noPayload, versioned('setup', catalogSetup)),
  'POST /api/catalog-setup/update': row('POST /api/catalog-setup/update', catalogSetupUpdate, versioned('setup', catalogSetup)),
  'POST /api/home-copy/get': row('POST /api/home-copy/get', noPayload, versioned('copy', homeCopy)),
  'POST /api/home-copy/update': row('POST /api/home-copy/update', homeCopyUpdate, versioned('copy', homeCopy)),
  'POST /api/navigation/get': row('POST /api/navigation/get', noPayload, versioned('navigation', navigation)),
  'POST /api/navigation/update': row('POST /api/navigation/update', navigationUpdate, versioned('navigation', navigation)),
  'POST /api/settings/get': row('POST /api/settings/get', noPayload, versioned('settings', shopSettings)),
  'POST /api/settings/update': row('POST /api/settings/update', shopSettingsUpdate, versioned('settings', shopSettings)),
  'POST /api/settings/sms-get': row('POST /api/settings/sms-get', noPayload, smsGatewayAnswer),
  'POST /api/settings/sms-update': row('POST /api/settings/sms-update', smsGatewayUpdate, smsGatewayAnswer),
  'POST /api/settings/sms-test': row('POST /api/settings/sms-test', smsTest, data(z.object({ sent: z.literal(true) }))),
  'POST /api/settings/receipts-get': row('POST /api/settings/receipts-get', noPayload, receiptSettingsAnswer),
  'POST /api/settings/receipts-update': row('POST /api/settings/receipts-update', receiptSettingsUpdate, receiptSettingsAnswer),
  'POST /api/receipts/counter-register': row('POST /api/receipts/counter-register', noPayload, counterRegisterAnswer),
  'POST /api/receipts/list': row('POST /api/receipts/list', receiptsListRequest, receiptsListAnswer),
  'POST /api/receipts/device-release': row('POST /api/receipts/device-release', devicePrintRelease, devicePrintReleaseAnswer),
  'POST /api/receipts/resend': row('POST /api/receipts/resend', receiptResendRequest, receiptResendAnswer),
  'POST /api/events/list': row('POST /api/events/list', eventsListQuery, z.array(storedEvent)),
  'POST /api/events/update': row('POST /api/events/update', eventInput, data(storedEvent)),
  'POST /api/events/delete': row('POST /api/events/delete', eventDelete, ok),
  'POST /api/staff/list': row('POST /api/staff/list', noPayload, data(z.object({ items: z.array(staffMember) }))),
  'POST /api/staff/people': row('POST /api/staff/people', noPayload, data(z.object({ items: z.array(staffPerson) }))),
  'POST /api/staff/update': row('POST /api/staff/update', staffSaveRequest, data(staffChange)),
  'POST /api/staff/remove': row('POST /api/staff/remove', staffRemoveRequest, data(staffChange)),
  'POST /api/staff/changes': row('POST /api/staff/changes', staffChangesRequest, data(z.object({ items: z.array(staffChange), total: z.number() }))),
  'POST /api/staff/workday': row('POST /api/staff/workday', workdayRequest, data(storedEvent.nullable())),
  'POST /api/posiflora/status': row('POST /api/posiflora/status', noPayload, data(posifloraStatus)),
  'POST /api/posiflora/connect': row('POST /api/posiflora/connect', posifloraConnectRequest, data(z.object({ connected: z.literal(true), url: z.string(), username: z.string() }))),
  'POST /api/posiflora/disconnect': row('POST /api/posiflora/disconnect', noPayload, data(z.object({ connected: z.literal(false) }))),
  'POST /api/posiflora/run': row('POST /api/posiflora/run', noPayload, data(posifloraRun)),
  'POST /api/posiflora/orders': row('POST /api/posiflora/orders', posifloraOrdersRequest, data(z.object({ items: z.array(archivedOrder), total: z.number() }))),
  'POST /api/clients/import': row('POST /api/clients/import', clientImportRequest, clientImport),
  'POST /api/clients/export': row('POST /api/clients/export', noPayload, z.object({ csv: z.string(), count: z.number() })),
  'POST /api/clients/merge': row('POST /api/clients/merge', clientMergeRequest, data(officeRecord)),
  'POST /api/products/publish': row('POST /api/products/publish', recordIdRequest, data(product)),
  'POST /api/clients/history': row('POST /api/clients/history', clientHistoryRequest, data(typedOnly<ClientHistory>())),
  'POST /api/debts/list': row('POST /api/debts/list', noPayload, debtsAnswer),
  'POST /api/shift-books/list': row('POST /api/shift-books/list', noPayload, shiftChecksAnswer),
  'POST /api/analytics/report': row('POST /api/analytics/report', analyticsRequest, data(typedOnly<AnalyticsReport>())),
  'POST /api/stock/balances': row('POST /api/stock/balances', noPayload, stockAnswer),
  'POST /api/backups/status': row('POST /api/backups/status', noPayload, backupView),
  'POST /api/backups/run': row('POST /api/backups/run', noPayload, backupView),
  'POST /api/orders/create': row('POST /api/orders/create', placeRequest, data(order)),
  'POST /api/orders/cancel': row('POST /api/orders/cancel', idRequest, z.object({ data: order.optional(), outcome: commandOutcome })),
  'POST /api/orders/list': row('POST /api/orders/list', orderListRequest, listOf(order)),
  'POST /api/orders/update-status': row('POST /api/orders/update-status', statusUpdate, commandAnswer),
  'POST /api/orders/command': row('POST /api/orders/command', orderCommand, commandAnswer),
  /** A photo's bytes; the id is the address's (server/photos/photos-api.ts). */
  'GET /api/photos/:id': row('GET /api/photos/:id', unparsed, notJson),
  'GET /api/photos/:id/card': row('GET /api/photos/:id/card', unparsed, notJson),
  'POST /api/favourites/list': row('POST /api/favourites/list', noPayload, data(z.array(z.string()))),
  'POST /api/favourites/change': row('POST /api/favourites/change', favouritesChange, data(z.array(z.string()))),
  'POST /api/my/sms-get': row('POST /api/my/sms-get', noPayload, data(smsNotices)),
  'POST /api/my/sms-set': row('POST /api/my/sms-set', smsNotices, data(smsNotices)),
  'POST /api/staff-push/key': row('POST /api/staff-push/key', noPayload, data(pushKey)),
  'POST /api/staff-push/subscribe': row('POST /api/staff-push/subscribe', pushSubscription, data(pushSaved)),
  'POST /api/staff-push/unsubscribe': row('POST /api/staff-push/unsubscribe', pushUnsubscribe, data(pushSaved)),
  'POST /api/orders/notices': row('POST /api/orders/notices', idRequest, data(z.array(noticeView))),
  'GET /api/payments/offer': row('GET /api/payments/offer', unparsed, data(paymentOffer)),
  'POST /api/payments/start': row('POST /api/payments/start', payNowRequest, data(paymentAnswer)),
  'POST /api/payments/check': row('POST /api/payments/check', paymentOrderRequest, data(paymentAnswer)),
  'POST /api/payments/on-delivery': row('POST /api/payments/on-delivery', paymentOrderRequest, data(paymentAnswer)),
  /** YooKassa's own body, read by server/payments/online-payments.ts (only the payment's id is taken from it). */
  'POST /api/payments/notification': row('POST /api/payments/notification', unparsed, z.unknown()),
} satisfies { [K in keyof typeof apiRoutes]: ApiRow };

/** What each record call answers, whatever the entity (its records' `data` are checked by the entity's fields on the way in). */
const recordAnswers = {
  list: listOf(officeRecord),
  get: data(officeRecord),
  update: data(officeRecord),
  delete: ok,
} satisfies Record<RecordAction, z.ZodType>;

/** The request of a record call of this entity: the registry's fields make the body's `data`. */
export type RecordRequest<E extends AnyEntity, A extends RecordAction> = A extends 'list'
  ? z.input<ReturnType<typeof recordListRequest>>
  : A extends 'update'
    ? z.input<ReturnType<typeof recordSaveRequest<E>>>
    : z.input<typeof recordIdRequest>;
export type RecordAnswer<A extends RecordAction> = z.output<(typeof recordAnswers)[A]>;
export type { RecordSaveRequest };

type Shapes = typeof shapes;
/** Every /api route the client may call as JSON: not a stream, nor bytes. */
export type ApiCall = { [K in keyof Shapes]: Shapes[K]['answer'] extends typeof notJson ? never : K }[keyof Shapes];
export type ApiRequest<K extends keyof Shapes> = z.input<Shapes[K]['request']>;
export type ApiAnswer<K extends keyof Shapes> = z.output<Shapes[K]['answer']>;
export type ContractRoute = keyof Shapes | RecordRoute | VoidRoute;

/**
 * A record or void call's body depends on its entity, so the record service parses it by the entity
 * (server/records/record-service.ts): its row says `unparsed`, and the client types the body by the entity (`RecordRequest`).
 */
const recordRows = Object.fromEntries<ApiRow>(
  Object.values(entities).flatMap((e) => recordActions.map((a) => [recordRoute(e, a), { access: recordRouteLevel(e, a), request: unparsed, answer: recordAnswers[a] }])),
) as Record<RecordRoute, ApiRow>;
const voidRows = Object.fromEntries<ApiRow>(voidableEntities.map((e) => [voidRoute(e), { access: voidRoutes[voidRoute(e)], request: unparsed, answer: data(officeRecord) }])) as Record<VoidRoute, ApiRow>;
const rows: Record<ContractRoute, ApiRow> = { ...shapes, ...recordRows, ...voidRows };

/** The row of any route. */
export const contractRow = (key: ContractRoute): ApiRow => rows[key];

/** The row of a route listed in the table: its request and answer keep their types (server handlers, tests). */
export const apiContract: Shapes = shapes;
