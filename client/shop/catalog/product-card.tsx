import { Link } from '@tanstack/react-router';
import type { Product } from '../../../schema/shop/product';
import { cardImage } from '../../../schema/shared/image-path';
import { Price } from '../../ui/price';
import { FavouriteButton } from './favourite-button';

/** `eager`: a card in the first row of a shelf, whose picture is likely the largest thing on the first screen. */
const ProductCard = ({ product, eager = false }: { product: Product; eager?: boolean }) => (
  <article className="card">
    <FavouriteButton id={product.id} describedBy={`card-name-${product.id}`} />
    <Link to="/items/$id" params={{ id: product.id }} className="card__link">
      <img className="card__image" src={product.images[0] && cardImage(product.images[0].url)} alt="" loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : undefined} width="300" height="300" />
      <h3 className="card__name" id={`card-name-${product.id}`}>{product.name}</h3>
    </Link>
    <p className="card__price">
      <Price price={product.price} discountPrice={product.discountPrice} />
    </p>
    {product.count === 0 && <p className="muted">Нет в наличии</p>}
  </article>
);

/** `eager`: how many of the first cards load their pictures at once (the shelf at the top of a page). */
export const ProductGrid = ({ products, eager = 0 }: { products: Product[]; eager?: number }) => (
  <div className="grid">
    {products.map((p, i) => (
      <ProductCard key={p.id} product={p} eager={i < eager} />
    ))}
  </div>
);
