import { formatRoubles } from '../../schema/shared/money';
import { sizedPrice } from '../../schema/shop/size';

/** A price, with the old one struck through when there is a discount. */
export const Price = ({ price, discountPrice, factor = 1 }: { price: number; discountPrice?: number; factor?: number }) =>
  discountPrice && discountPrice < price ? (
    <span className="price">
      <strong className="price__now">{formatRoubles(sizedPrice(discountPrice, factor))}</strong>{' '}
      <s className="price__old">{formatRoubles(sizedPrice(price, factor))}</s>
    </span>
  ) : (
    <span className="price">
      <strong className="price__now">{formatRoubles(sizedPrice(price, factor))}</strong>
    </span>
  );
