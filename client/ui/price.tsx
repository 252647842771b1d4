import { formatRoubles } from '../../schema/money';

/** A price, with the old one struck through when there is a discount. */
export const Price = ({ price, discountPrice, factor = 1 }: { price: number; discountPrice?: number; factor?: number }) =>
  discountPrice && discountPrice < price ? (
    <span className="price">
      <strong className="price__now">{formatRoubles(Math.round(discountPrice * factor))}</strong>{' '}
      <s className="price__old">{formatRoubles(Math.round(price * factor))}</s>
    </span>
  ) : (
    <span className="price">
      <strong className="price__now">{formatRoubles(Math.round(price * factor))}</strong>
    </span>
  );
