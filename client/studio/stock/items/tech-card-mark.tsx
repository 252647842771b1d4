import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import type { Product } from '../../../../schema/shop/product';
import { cardsByProduct } from '../../../../schema/studio/stock/tech-card';
import { useLocal } from '../../../data/local-data-context';
import { useRecipeBook } from '../../../data/recipe-book';

/** What is made of flowers: a bouquet, or flowers sold by the stem (a vase or a gift takes no stems). */
const madeOfFlowers = (item: Pick<Product, 'itemType'>) => item.itemType === 'bouquet' || item.itemType === 'flower';

/**
 * The tech card each catalogue item is published as, by the item's id, from the cards on this device; undefined
 * while the device has not read them yet (no verdict before it knows).
 */
export const useItemCards = (): ReadonlyMap<string, string> | undefined => {
  const { data } = useLocal();
  const { book, loading } = useRecipeBook(data.shop.office);
  return useMemo(() => (loading ? undefined : new Map([...cardsByProduct(book.cards)].map(([product, { id }]) => [product, id]))), [book, loading]);
};

/**
 * Beside an item made of flowers: its tech card (its count is what the card's stems make, DECISIONS «One stock truth
 * for bouquets»), or «нет техкарты — цветы не списываются» with one tap to a new card made for it.
 */
export const TechCardMark = ({ item, cards }: { item: Pick<Product, 'id' | 'name' | 'itemType'>; cards: ReadonlyMap<string, string> | undefined }) => {
  if (!cards || !madeOfFlowers(item)) return null;
  const card = cards.get(item.id);
  if (card)
    return (
      <span className="tech-card-mark">
        <Link to="/admin/$resource/$id" params={{ resource: 'products', id: card }}>
          по техкарте
        </Link>
        : остаток — сколько соберут цветы
      </span>
    );
  return (
    <span className="tech-card-mark tech-card-mark--none">
      нет техкарты — цветы не списываются ·{' '}
      <Link to="/admin/$resource/$id" params={{ resource: 'products', id: 'new' }} search={{ product: item.id, name: item.name }}>
        Создать техкарту
      </Link>
    </span>
  );
};
