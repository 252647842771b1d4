import { Link } from '@tanstack/react-router';
import type { Product } from '../../../schema/product';
import { Price } from '../../ui/price';
import { FavouriteButton } from '../favourites/favourite-button';

export const ProductCard = ({ product }: { product: Product }) => (
  <article className="card">
    <FavouriteButton id={product.id} describedBy={`card-name-${product.id}`} />
    <Link to="/items/$id" params={{ id: product.id }} className="card__link">
      <img className="card__image" src={product.images[0]?.url} alt="" loading="lazy" width="300" height="300" />
      <h3 className="card__name" id={`card-name-${product.id}`}>{product.name}</h3>
    </Link>
    <p className="card__price">
      <Price price={product.price} discountPrice={product.discountPrice} />
    </p>
    {product.count === 0 && <p className="muted">Нет в наличии</p>}
  </article>
);

export const ProductGrid = ({ products }: { products: Product[] }) => (
  <div className="grid">
    {products.map((p) => (
      <ProductCard key={p.id} product={p} />
    ))}
  </div>
);
