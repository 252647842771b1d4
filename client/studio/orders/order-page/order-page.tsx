import { Suspense, useCallback, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useParams } from '@tanstack/react-router';
import { formatPhone } from '../../../../schema/shared/phone';
import { askRecipientLabel, type Order } from '../../../../schema/studio/orders/order';
import { refLabel } from '../../../../schema/entities/ref';
import { useRefList } from '../../../data/ref-list';
import { orderActionLabels } from '../../../../schema/entities/order-command';
import { isEditable, statusName } from '../../../../schema/studio/orders/order-lifecycle';
import type { OrderAction } from '../../../../schema/studio/orders/order-command';
import { openedLocal, useLocal, useLocalIfOpen } from '../../../data/local-data-context';
import { useCatalogueIfOpen } from '../../../data/catalogue';
import { useShopSettings } from '../../../data/shop-settings';
import { newCommandId, sendOrderCommand, useOrderCommands, type OrderCommandView } from '../../../data/order-commands';
import { writePayment } from '../../../data/counter-prints';
import { useSession } from '../../../shared/auth/session';
import { useNotice } from '../../../ui/notices';
import { AssignForm, CancelForm, PaymentForm, RefundForm, StatusButtons, VoidPaymentForm } from './order-actions';
import { EditForm } from './order-edit';
import { OrderPhoto } from './order-photo';
import { changeRows, dayLabel, deliveredUnpaid, historyMoment, orderPaymentText, paymentText, placeOf } from './order-labels';
import { projectedOrder } from './projected-order';
import { paymentPrintIfServerAway } from './payment-print';
import { useCouriers, useOrder } from './use-order';
import { drawnOrder } from './drawn-order';
import { collectLine, papers, storedPaper, storePaper, ticketLines, setPaperSize, type Paper } from './print-ticket';
import type { Product } from '../../../../schema/shop/product';
import './order-page.css';
import { CounterPrints, FiscalReceipts } from '../../kit/fiscal-receipts';
import { useOnline } from '../../../lib/use-online';
import { useHydrated } from '../../../lib/use-hydrated';
import { OrderSms } from './order-sms';
import { useStaffNames } from '../../../data/staff-directory';
import { staffName } from '../../../../schema/shared/user';
import { orderTitle } from '../../../../schema/studio/orders/order-number';
import { PrintOnPrinter } from '../../team/printer/print-on-printer';
import { postcardDoc, ticketDoc } from './ticket-doc';
import { DocumentLink } from '../../kit/document-link';
import { Money } from '../../../ui/money';
import { ClippedText } from '../../../ui/clipped-text';

const actionText = (a: OrderAction): string => {
  if (a.kind === 'status') return `${statusName(a.from)} → ${statusName(a.to)}${a.reason ? ` (${a.reason})` : ''}`;
  if (a.kind === 'payment') return paymentText({ status: a.status, method: a.method, amount: a.amount });
  if (a.kind === 'void-payment') return `${orderActionLabels[a.kind]} (${a.reason})`;
  return orderActionLabels[a.kind];
};

/**
 * What this staff member asked of the order and the server has not answered yet, and what it refused (with why).
 * Others' commands change the order the same, but their refusals are theirs to read.
 */
const CommandList = ({ commands, online, me }: { commands: OrderCommandView[]; online: boolean; me: string }) => {
  const mine = commands.filter((c) => c.by === me);
  const pending = mine.filter((c) => c.state === 'pending');
  const refused = mine.filter((c) => c.state === 'refused').reverse();
  if (!pending.length && !refused.length) return null;
  return (
    <section className="order-page__commands" aria-label="Команды по заказу">
      {refused.map((c) => (
        <p key={c.id} className="order-page__refused" role="alert" data-command={c.id}>
          Не принято: {actionText(c.action)} — {c.state === 'refused' ? c.reason : ''}
        </p>
      ))}
      {pending.map((c) => (
        <p key={c.id} className="order-page__pending" data-command={c.id}>
          {online ? 'Отправлено, ждёт ответа' : 'Ждёт отправки'}: {actionText(c.action)}
        </p>
      ))}
    </section>
  );
};

const Person = ({ title, p }: { title: string; p: Order['sender'] }) => (
  <div>
    <dt>{title}</dt>
    <dd>
      <ClippedText text={p.name} />, <a href={`tel:+${p.phone}`}>{formatPhone(p.phone)}</a>
    </dd>
  </div>
);

/**
 * The florist's ticket and the postcard, laid out for paper; the screen never shows them (order-page.css). They are
 * drawn straight into <body>, so that on paper the page's own content is not laid out at all (hidden, it still took
 * pages: every print had a blank second one). Not by the server (it has no <body> to draw into): after hydration.
 */
const PrintSheets = ({ o, courier, products }: { o: Order; courier: string; products: ReadonlyMap<string, Product> }) => {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return createPortal(
    <div className="print-sheets">
      <article className="order-ticket" aria-hidden="true">
        <h1>{orderTitle(o.number)}</h1>
        <p>
          <strong>
            {dayLabel(o.date)}, {o.slot}
          </strong>
        </p>
        <p>{placeOf(o)}</p>
        <p>
          Получатель: {o.recipient.name}, {formatPhone(o.recipient.phone)}
        </p>
        {o.anonymous && <p className="order-ticket__anonymous">АНОНИМНО: не называть отправителя</p>}
        <ul>
          {ticketLines(o, products).map((l) => (
            <li key={l.key}>
              {l.text}
              {l.composition && <div className="order-ticket__recipe">Состав: {l.composition}</div>}
            </li>
          ))}
        </ul>
        {o.postcard && <p>Открытка: есть</p>}
        {o.comment && <p>Комментарий: {o.comment}</p>}
        {courier && <p>Курьер: {courier}</p>}
        <p className="order-ticket__collect">{collectLine(o)}</p>
      </article>
      <article className="order-postcard" aria-hidden="true">
        <p>{o.postcard}</p>
      </article>
    </div>,
    document.body,
  );
};

const print = (what: 'ticket' | 'postcard', paper: Paper) => {
  const root = document.documentElement;
  root.dataset.print = what;
  root.dataset.paper = paper;
  setPaperSize(paper);
  const done = () => {
    delete root.dataset.print;
    delete root.dataset.paper;
    removeEventListener('afterprint', done);
  };
  addEventListener('afterprint', done);
  window.print();
};

/** An order page with neither the device's store nor the server's copy of the order: it waits for the store (`useLocal` suspends). */
const WaitForStore = () => {
  useLocal();
  return null;
};

/**
 * /admin/orders/{id}: everything about one order, from the device (offline too), and every action as a command.
 * Before the device's store has opened and pulled the order, the order the server wrote into the page shows
 * (`drawnOrder`, issue 32, item 1), and an action waits for the store; the same screen then reads the device, so
 * nothing typed or opened is lost when it turns live.
 */
export const OrderPage = () => {
  const { id = '' } = useParams({ strict: false });
  const open = useLocalIfOpen();
  const drawn = drawnOrder(id);
  if (!open && !drawn) return <WaitForStore />;
  return <OrderScreen id={id} drawn={drawn} />;
};

const OrderScreen = ({ id, drawn }: { id: string; drawn: Order | null }) => {
  const data = useLocalIfOpen()?.data ?? null;
  const { user } = useSession();
  const notice = useNotice();
  const online = useOnline();
  const server = useOrder(id, drawn);
  const commands = useOrderCommands(data?.shop.office ?? null, server?.id ?? id);
  const couriers = useCouriers();
  const names = useStaffNames();
  const sources = useRefList('order-source');
  const [editing, setEditing] = useState(false);
  // The paper this device chose last (its storage): the server draws A4, the tab its own choice once hydrated.
  const [chosenPaper, setPaper] = useState<Paper | null>(null);
  const hydrated = useHydrated();
  const paper = chosenPaper ?? (hydrated ? storedPaper() : 'a4');
  const catalogue = useCatalogueIfOpen();
  const products = useMemo(() => new Map(catalogue.map((p) => [p.id, p])), [catalogue]);
  const settings = useShopSettings();
  const order = useMemo(() => (server ? projectedOrder(server, commands ?? [], products, settings) : server), [server, commands, products, settings]);

  const send = useCallback(
    async (action: OrderAction) => {
      if (!user || !server) return;
      try {
        // Drawn from the server's copy, the page may be acted on before the store has opened: the command waits for it.
        const office = (data ?? (await openedLocal()).data).shop.office;
        // A payment on pickup recorded while the server is away is printed at the counter's register by this device:
        // decided before its command is written, so the command says so (`printedHere`) and the server waits for the print.
        const id = newCommandId(server.id, action);
        const printFailed = (e: unknown) => (notice(`Чек на кассе: ${e instanceof Error ? e.message : String(e)}`, 'error'), null);
        const print = action.kind === 'payment' ? await paymentPrintIfServerAway(server, commands ?? [], { id, action }).catch(printFailed) : null;
        if (action.kind === 'payment') await writePayment(office, user.phone, server.id, { id, action }, print, printFailed);
        else await sendOrderCommand(office, user.phone, server.id, action, id);
      } catch (e) {
        notice(e instanceof Error ? e.message : String(e), 'error');
        throw e;
      }
    },
    [data, user, server, notice, commands],
  );

  if (order === undefined) return <p className="muted">Загружаем заказ…</p>;
  if (order === null || !server)
    return (
      <section className="order-page">
        <h1>Заказ не найден</h1>
        <p>На этом устройстве нет заказа «{id}». Заказы старше недели здесь не хранятся.</p>
        <Link to="/admin/$resource" params={{ resource: 'orders' }}>
          Все заказы
        </Link>
      </section>
    );

  const courierName = (cid: string) => couriers.find((c) => c.id === cid)?.name ?? 'курьер удалён';
  const courier = order.courier ? courierName(order.courier) : '';
  // Staff by the name their user record holds now; the customer (cancelling in /my) as such.
  const person = (phone: string) => (phone === order.customer ? 'покупатель' : staffName(phone, names));
  const source = refLabel(sources, order.source ?? 'site');
  const open = order.status !== 'done' && order.status !== 'cancelled';

  return (
    <section className="order-page" data-order={order.id} data-status={order.status}>
      <header className="order-page__head">
        <h1>{orderTitle(order.number)}</h1>
        <span className={`status status--${order.status}`} data-testid="order-status">
          {statusName(order.status)}
        </span>
        <span className="muted">{source}</span>
      </header>
      {order.delivery.method === 'courier' && order.delivery.askRecipient && (
        <p className="order-page__ask-recipient" role="note">
          {askRecipientLabel}: позвоните получателю ({formatPhone(order.recipient.phone)}) и узнайте адрес доставки
        </p>
      )}
      {order.anonymous && (
        <p className="order-page__anonymous" role="note">
          Анонимная доставка: получателю не называть отправителя
        </p>
      )}
      {deliveredUnpaid(order) && (
        <p className="order-page__unpaid" role="alert">
          Заказ доставлен, но не оплачен
        </p>
      )}
      {order.status === 'cancelled' && order.cancelReason && <p className="order-page__cancelled">Отменён: {order.cancelReason}</p>}
      <CommandList commands={commands ?? []} online={online} me={user?.phone ?? ''} />

      <div className="order-page__actions">
        <StatusButtons order={order} send={send} />
        <CancelForm order={order} send={send} user={user} />
        <button type="button" className="button button--ghost" onClick={() => print('ticket', paper)}>
          Печать заказа
        </button>
        <label className="order-page__paper">
          <span>Бумага</span>
          <select value={paper} disabled={!hydrated} onChange={(e) => { const p = papers.find((x) => x.id === e.target.value)?.id ?? 'a4'; setPaper(p); storePaper(p); }}>
            {papers.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
          </select>
        </label>
        <PrintOnPrinter label="Заказ на принтер" doc={() => ticketDoc(order, products, courier)} fallback={() => print('ticket', paper)} />
        {order.postcard && (
          <button type="button" className="button button--ghost" onClick={() => print('postcard', 'a4')}>
            Печать открытки
          </button>
        )}
        {order.postcard && <PrintOnPrinter label="Открытка на принтер" doc={() => postcardDoc(order)} fallback={() => print('postcard', 'a4')} />}
        {order.number > 0 && <DocumentLink kind="receipt" id={String(order.number)}>Товарный чек</DocumentLink>}
      </div>

      <dl className="order-page__facts">
        <div>
          <dt>Когда</dt>
          <dd>
            {dayLabel(order.date)}, {order.slot}
          </dd>
        </div>
        <div>
          <dt>{order.delivery.method === 'pickup' ? 'Самовывоз' : 'Адрес'}</dt>
          <dd>{placeOf(order)}</dd>
        </div>
        {order.clientNote && (
          <div>
            <dt>Важно о клиенте</dt>
            <dd className="tag tag--alert" data-testid="client-alert">
              {order.clientNote}
            </dd>
          </div>
        )}
        <Person title="Отправитель" p={order.sender} />
        <Person title="Получатель" p={order.recipient} />
        <div>
          <dt>Открытка</dt>
          <dd className="order-page__postcard">{order.postcard || '—'}</dd>
        </div>
        {order.comment && (
          <div>
            <dt>Комментарий</dt>
            <dd>{order.comment}</dd>
          </div>
        )}
        <div>
          <dt>Оплата</dt>
          <dd data-testid="order-payment">{orderPaymentText(order)}</dd>
        </div>
        <div>
          <dt>Флорист</dt>
          <dd data-testid="order-florist">{order.florist ? <a href={`tel:+${order.florist}`}>{person(order.florist)}</a> : '—'}</dd>
        </div>
        <div>
          <dt>Курьер</dt>
          <dd data-testid="order-courier">{courier || '—'}</dd>
        </div>
      </dl>

      <section className="order-page__section" aria-labelledby="order-lines">
        <h2 id="order-lines">Состав</h2>
        <ul className="order-page__lines">
          {order.lines.map((l) => (
            <li key={`${l.id}-${l.letterSize ?? ''}`}>
              {l.image ? <img src={l.image} alt="" width={64} height={64} loading="lazy" /> : <span className="order-page__noimage" />}
              <span>
                <ClippedText text={l.name} />
                {l.letterSize ? ` (${l.letterSize})` : ''} <span className="muted">арт. {l.art}</span>
              </span>
              <span>
                {l.count} × <Money value={l.price} />
              </span>
              <strong><Money value={l.sum} /></strong>
            </li>
          ))}
        </ul>
        <p className="order-page__total">
          Доставка: <Money value={order.deliveryPrice} /> · Итого: <strong><Money value={order.total} /></strong>
        </p>
        {order !== server && order.lines !== server.lines && <p className="muted">Суммы пересчитает сервер.</p>}
        {isEditable(order.status) && !editing && (
          <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
            Изменить заказ
          </button>
        )}
        {editing && isEditable(order.status) && <EditForm order={order} base={server} products={catalogue} send={send} onDone={() => setEditing(false)} />}
      </section>

      {open && (
        <section className="order-page__section" aria-labelledby="order-team">
          <h2 id="order-team">Флорист и курьер</h2>
          <AssignForm key={`${order.florist ?? ''}`} order={order} send={send} couriers={couriers} me={user?.phone ?? ''} staff={names} />
        </section>
      )}
      <section className="order-page__section" aria-labelledby="order-money">
        <h2 id="order-money">Оплата</h2>
        <PaymentForm key={JSON.stringify(order.paid ?? {})} order={order} send={send} user={user} />
        <VoidPaymentForm key={`void-${order.history?.length ?? 0}`} order={order} send={send} user={user} />
        <RefundForm key={`refund-${order.history?.length ?? 0}`} order={order} send={send} user={user} />
        <h3>Чеки</h3>
        {/* The device's own prints: shown once its store has opened (it is not asked for here: a drawn page opens it by `afterFirstView`). */}
        {data && (
          <Suspense fallback={null}>
            <CounterPrints order={order.id} />
          </Suspense>
        )}
        <FiscalReceipts order={order.id} version={order.updatedAt} calledFor={server} />
      </section>
      {order.status !== 'cancelled' && <OrderPhoto photo={order.photo} send={send} />}
      <OrderSms order={order.id} changedAt={order.updatedAt} />

      <section className="order-page__section" aria-labelledby="order-history">
        <h2 id="order-history">История</h2>
        {!order.history?.length && <p className="muted">Изменений пока не было.</p>}
        <ol className="order-page__history">
          {(order.history ?? []).map((c) => (
            <li key={`${c.command}-${c.at}`}>
              <span className="muted">
                {historyMoment(c)} · {person(c.by)}
              </span>{' '}
              <strong>{c.what}</strong>
              <ul>
                {changeRows(c, { courier: courierName, person }).map((r) => (
                  <li key={r.field}>
                    {r.field}: {r.before} → {r.after}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
      <PrintSheets o={order} courier={courier} products={products} />
    </section>
  );
};
