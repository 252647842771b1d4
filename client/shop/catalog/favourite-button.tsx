import { useFavourites } from './use-favourites';

/**
 * The heart on a product's card and page: pressed when the product is among the shopper's favourites. Its name is
 * the action alone; `describedBy` (the card's title) says which product, so a list of cards does not read as one name.
 */
export const FavouriteButton = ({ id, describedBy, big = false }: { id: string; describedBy?: string; big?: boolean }) => {
  const { ids, toggle } = useFavourites();
  const on = ids.includes(id);
  return (
    <button
      type="button"
      className={`favourite${big ? ' favourite--big' : ''}`}
      aria-pressed={on}
      aria-label={on ? 'Убрать из избранного' : 'В избранное'}
      aria-describedby={describedBy}
      onClick={() => toggle(id)}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.5 5c2 0 3.4 1.1 4.2 2.3l1.3 1.8 1.3-1.8C14.1 6.1 15.5 5 17.5 5 21 5 23 8.4 21.6 11.7 19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
};
