import type { AnyEntity } from '../../../../schema/entities';
import { techCard } from '../../../../schema/entities/tech-card';
import { formatRoubles } from '../../../../schema/shared/money';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { marginFlag, stemsCost, stemsOf, suggestedPrice } from '../../../../schema/studio/stock/tech-card';
import type { RecipeBook } from '../../../../schema/studio/stock/recipe-book';
import { useLocal } from '../../../data/local-data-context';
import { useRecipeBook } from '../../../data/recipe-book';
import type { ListSearch } from '../../kit/list-search';
import { RecordList } from '../../kit/record-list';

/** A card's cost at today's purchase prices, the suggested price, and the flag when the price set no longer earns its markup. */
const CostCell = ({ record, book }: { record: OfficeRecord; book: RecipeBook }) => {
  const card = techCard.fields.safeParse(record.data);
  if (!card.success) return null;
  const { cost, unpriced } = stemsCost(stemsOf(card.data, book.cards), book.prices);
  const flag = marginFlag(card.data.price, cost, card.data.markup);
  return (
    <span className="tech-card-cost">
      {cost ? `${formatRoubles(cost)} → ${formatRoubles(suggestedPrice(cost, card.data.markup))}` : 'нет закупочных цен'}
      {unpriced.length > 0 && cost > 0 && <span className="muted"> (не все цветы с ценой)</span>}
      {flag && <span className={`tech-card-flag tech-card-flag--${flag.level}`}>⚠ {flag.text}</span>}
    </span>
  );
};

/** /admin/products: the tech cards, each with its cost, suggested price and margin flag counted on the device (offline too). */
export const TechCardList = ({ entity, search }: { entity: AnyEntity; search: ListSearch }) => {
  const { data } = useLocal();
  const { book } = useRecipeBook(data.shop.office);
  return <RecordList entity={entity} search={search} lead={{ label: 'Себестоимость → рекомендуемая цена', cell: (r) => <CostCell record={r} book={book} /> }} />;
};
