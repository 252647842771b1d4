import { useRef, useState } from 'react';
import { sizedPrice, sizes, type LetterSize } from '../../../schema/shop/size';
import { unitPrice, type Product } from '../../../schema/shop/product';
import { formatRoubles } from '../../../schema/shared/money';
import { Price } from '../../ui/price';
import { useNotice } from '../../ui/notices';
import { QuantityField } from '../cart/quantity-field';
import { useCart } from '../cart/use-cart';
import { NotFoundPage } from '../../shared/errors/error-page';
import { usePageTitle } from '../../ui/page-title';
import { productTitle } from '../../../schema/shared/title';
import { careOf } from '../../../schema/shop/care';
import { ProductGrid } from './product-card';
import { FavouriteButton } from './favourite-button';
import { formatPhone } from '../../../schema/shared/phone';
import { phoneHref } from '../../../schema/studio/team/studio-profile';
import { useStudioProfile } from '../../data/studio-profile';
import { useProduct, useProductsOnSale } from './use-products';
import { useTypedBeforeHydration } from '../../ui/typed-before-hydration';

const SizePicker = ({ value, onChange, price }: { value: LetterSize; onChange: (s: LetterSize) => void; price: number }) => {
  const group = useRef<HTMLFieldSetElement>(null);
  useTypedBeforeHydration(group, value, (picked) => {
    const size = sizes.find((s) => s.id === picked);
    if (size) onChange(size.id);
  });
  return (
    <fieldset className="sizes" ref={group}>
      <legend>Размер</legend>
      {sizes.map((s) => (
        <label key={s.id} className={`size ${value === s.id ? 'size--on' : ''}`}>
          <input type="radio" name="size" value={s.id} checked={value === s.id} onChange={() => onChange(s.id)} />
          <span>{s.id}</span>
          <small>{formatRoubles(sizedPrice(price, s.priceFactor))}</small>
        </label>
      ))}
    </fieldset>
  );
};

const Buy = ({ product }: { product: Product }) => {
  const { add } = useCart();
  const notice = useNotice();
  const [size, setSize] = useState<LetterSize>('M');
  const [count, setCount] = useState<number | null>(1);
  const soldOut = product.count === 0;
  const studio = useStudioProfile();
  /** No more than the studio has, and no more than a person orders at once. */
  const most = Math.min(99, product.count);
  const factor = product.sizable ? sizes.find((s) => s.id === size)!.priceFactor : 1;
  const addToCart = () => {
    if (count === null) return;
    add({
      id: product.id, art: product.art, name: product.name, image: product.images[0]?.url ?? '', price: product.price,
      discountPrice: product.discountPrice, letterSize: product.sizable ? size : undefined, priceFactor: factor, count,
    });
    notice(`«${product.name}» в корзине`);
  };
  return (
    <div className="buy">
      <p className="buy__price">
        <Price price={product.price} discountPrice={product.discountPrice} factor={factor} />
      </p>
      {product.sizable && <SizePicker value={size} onChange={setSize} price={unitPrice(product)} />}
      {soldOut ? (
        <p>
          Сейчас нет в наличии. Позвоните <a href={phoneHref(studio.phone)}>{formatPhone(studio.phone)}</a> — соберём похожий.
        </p>
      ) : (
        <QuantityField most={most} onChange={setCount} />
      )}
      <button type="button" className="button button--big" onClick={addToCart} disabled={soldOut || count === null}>
        {soldOut ? 'Нет в наличии' : 'В корзину'}
      </button>
      <FavouriteButton id={product.id} big />
    </div>
  );
};

export const ProductPage = ({ id }: { id: string }) => {
  const product = useProduct(id);
  const related = useProductsOnSale()?.filter((p) => product && p.category === product.category && p.id !== product.id).slice(0, 4);
  const [shown, setShown] = useState(0);
  usePageTitle(product ? productTitle(product.name) : undefined, true);
  if (product === undefined) return <p className="muted page">Загружаем…</p>;
  if (!product) return <NotFoundPage path={`/items/${id}`} description="Такого товара нет в каталоге: возможно, его уже не продают. Поищите похожий или загляните в каталог." />;
  const care = careOf(product);
  return (
    <div className="page product">
      <div className="product__gallery">
        <img src={product.images[shown]?.url} alt={product.name} width="600" height="600" />
        <div className="product__thumbs">
          {product.images.map((img, i) => (
            <button key={img.url} type="button" aria-label={`Фото ${i + 1}`} aria-pressed={shown === i} onClick={() => setShown(i)}>
              <img src={img.url} alt="" width="72" height="72" />
            </button>
          ))}
        </div>
      </div>
      <div className="product__info">
        <h1>{product.name}</h1>
        <p className="muted">Артикул {product.art}</p>
        <Buy product={product} />
        <h2>Состав</h2>
        <p>{product.composition}</p>
        <h2>Описание</h2>
        <p>{product.description}</p>
        {care && (
          <>
            <h2>Уход</h2>
            <p>{care}</p>
          </>
        )}
      </div>
      {related && related.length > 0 && (
        <section className="product__related" aria-labelledby="related">
          <h2 id="related">Похожие товары</h2>
          <ProductGrid products={related} />
        </section>
      )}
    </div>
  );
};
