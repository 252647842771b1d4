/** /orders/create lives in features/checkout. */
export { CheckoutPage } from '../checkout/checkout-page';
