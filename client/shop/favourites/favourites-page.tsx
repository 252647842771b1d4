import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ProductGrid } from '../catalog/product-card';
import { useProductsOnSale } from '../catalog/use-products';
import { SignInOnDemand } from '../../shared/auth/sign-in-on-demand';
import { useFavourites } from '../catalog/use-favourites';

/** /my/favourites: the products with a heart, newest first, from the device's catalogue (so also offline). */
export const FavouritesPage = () => {
  const { ids, signedIn } = useFavourites();
  const products = useProductsOnSale();
  const [signingIn, setSigningIn] = useState(false);
  const byId = new Map((products ?? []).map((p) => [p.id, p]));
  const shown = ids.flatMap((id) => byId.get(id) ?? []);
  return (
    <div className="page">
      <h1>Избранное</h1>
      {!signedIn && (
        <p>
          Избранное хранится на этом устройстве.{' '}
          <button type="button" className="link-button" onClick={() => setSigningIn(true)}>
            Войдите
          </button>
          , чтобы оно было на всех ваших устройствах.
        </p>
      )}
      {products === undefined ? null : ids.length > 0 && products.length === 0 ? (
        // The device's catalogue has not arrived yet (its first pull): the hearts are there, their cards come with it.
        <p className="muted">Загружаем…</p>
      ) : shown.length ? (
        <ProductGrid products={shown} />
      ) : (
        <p>
          Здесь появятся товары, отмеченные сердечком. <Link to="/items">Перейти в каталог</Link>
        </p>
      )}
      {signingIn && <SignInOnDemand onClose={() => setSigningIn(false)} />}
    </div>
  );
};
