import { BelowZero } from './below-zero';
import { Balances } from './balances';
import { Counts } from './stock-counts';
import { History } from './moves-history';
import { TransferForm } from './transfer-form';
import { useStock } from './use-stock';
import './stock-moves.css';

/** What /admin/warehouses shows below the warehouses' list: balances, transfers, counts and their history, offline too. */
export const WarehousesArea = () => {
  const stock = useStock();
  if (stock.loading) return <p className="muted">Загрузка…</p>;
  return (
    <div className="stock-area">
      <BelowZero />
      <Balances stock={stock} />
      <TransferForm stock={stock} />
      <Counts stock={stock} />
      <History stock={stock} />
    </div>
  );
};
