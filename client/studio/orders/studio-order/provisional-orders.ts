import { useMemo } from 'react';
import { useCatalogue } from '../../../data/catalogue';
import { useShopSettings } from '../../../data/shop-settings';
import { map, switchMap } from 'rxjs';
import { orderCommandEntity } from '../../../../schema/entities/order-command';
import { isCounterSale, type StudioOrderDraft } from '../../../../schema/studio/orders/order-command';
import { linePrice } from '../../../../schema/shop/cart';
import { deliveryCost, type Order } from '../../../../schema/studio/orders/order';
import { defaultShopSettings, type ShopSettings } from '../../../../schema/studio/site/shop-settings';
import type { Product } from '../../../../schema/shop/product';
import { priceFactorOf } from '../../../../schema/shop/size';
import { commandView, type OrderCommandView } from '../../../data/order-commands';
import { useLocal } from '../../../data/local-data-context';
import { useObservable } from '../../../lib/use-observable';
import { orderNo } from '../../../../schema/studio/orders/order-number';

/**
 * A phone or counter order as the device knows it between «Принять заказ» and the server's number: its create
 * command waits (offline: «без номера — ждёт сети»), was refused (with the server's reason), or the order came back
 * numbered in the device's `orders`.
 */
export type ProvisionalOrder = {
  id: string;
  draft: StudioOrderDraft;
  createdAt: number;
} & ({ state: 'waiting' } | { state: 'refused'; reason: string } | { state: 'numbered'; number: number });

/** The create commands and the numbers the device holds, as provisional orders, newest first. */
export const provisionalOrders = (commands: readonly OrderCommandView[], numbers: ReadonlyMap<string, number>): ProvisionalOrder[] =>
  commands
    .flatMap((c): ProvisionalOrder[] => {
      if (c.action.kind !== 'create') return [];
      const base = { id: c.order, draft: c.action.draft, createdAt: c.createdAt };
      const number = numbers.get(c.order);
      if (number) return [{ ...base, state: 'numbered', number }];
      if (c.state === 'refused') return [{ ...base, state: 'refused', reason: c.reason }];
      return [{ ...base, state: 'waiting' }];
    })
    .sort((a, b) => b.createdAt - a.createdAt);

/** The mark a provisional order carries until it is numbered. */
export const provisionalMark = (o: ProvisionalOrder, online: boolean): string =>
  o.state === 'numbered' ? orderNo(o.number) : o.state === 'refused' ? `не принят: ${o.reason}` : online ? 'без номера — отправлен, ждёт номера' : 'без номера — ждёт сети';

/**
 * A waiting order as the board and the couriers' day show it (issue 18, item 10): an order without a number yet
 * (`number` 0), new (a counter sale: handed over, as the server will make it), priced from the device's catalogue as a preview (the server prices it from its own).
 */
export const waitingOrders = (list: readonly ProvisionalOrder[], products: ReadonlyMap<string, Product>, settings: Pick<ShopSettings, 'deliveryPrice' | 'freeDeliveryFrom'> = defaultShopSettings): Order[] =>
  list.flatMap((p): Order[] => {
    if (p.state !== 'waiting') return [];
    const { id, source, customer, lines, ...draft } = p.draft;
    const priced = lines.map((l) => {
      const product = products.get(l.id);
      const priceFactor = priceFactorOf(l.letterSize);
      const price = product ? linePrice({ price: product.price, discountPrice: product.discountPrice, priceFactor }) : 0;
      return { ...l, art: product?.art ?? '', name: product?.name ?? l.id, image: product?.images[0]?.url ?? '', price, priceFactor, sum: price * l.count };
    });
    const goods = priced.reduce((sum, l) => sum + l.sum, 0);
    const deliveryPrice = deliveryCost(draft.delivery.method, goods, settings);
    return [{ ...draft, id, source, number: 0, customer: customer.phone, lines: priced, deliveryPrice, total: goods + deliveryPrice, status: isCounterSale(p.draft) ? 'done' : 'new', createdAt: p.createdAt, updatedAt: p.createdAt }];
  });

/** Live: the phone and counter orders taken on this device (or pulled from colleagues), with their numbers once given. */
export const useProvisionalOrders = (): ProvisionalOrder[] | null => {
  const { data } = useLocal();
  const orders$ = useMemo(
    () =>
      data.shop.office.find({ selector: { type: orderCommandEntity.type, 'data.action.kind': 'create' } }).$.pipe(
        map((docs) => docs.flatMap((d) => commandView(d.toMutableJSON()) ?? [])),
        // Only the orders these commands made: a staff device holds thousands of others.
        switchMap((commands) =>
          data.shop.orders
            .find({ selector: { id: { $in: commands.map((c) => c.order) } } })
            .$.pipe(map((orders) => provisionalOrders(commands, new Map(orders.map((o) => [o.id, o.number]))))),
        ),
      ),
    [data],
  );
  return useObservable<ProvisionalOrder[] | null>(orders$, null);
};

/** Live: the orders taken offline and not numbered yet, as orders (board, couriers' day). */
export const useWaitingOrders = (): Order[] => {
  const provisional = useProvisionalOrders();
  const catalogue = useCatalogue();
  const settings = useShopSettings();
  return useMemo(() => waitingOrders(provisional ?? [], new Map(catalogue.map((p) => [p.id, p])), settings), [provisional, catalogue, settings]);
};
