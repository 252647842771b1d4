/**
 * How an order's number is written everywhere (the studio's screens, the customer's, the calendar, the payment's
 * description): «№ 1042», the sign and the digits joined by a no-break space so a line never parts them
 * (DECISIONS.md «One way to write an order's number»).
 */
export const orderNo = (n: number): string => `№\u00a0${n}`;

/** «Заказ № 1042»: a heading, a calendar event's title, a payment's description. */
export const orderTitle = (n: number): string => `Заказ ${orderNo(n)}`;
