import type { Stock } from './use-stock';

export interface WarehousePickProps {
  /** What the choice is for («Откуда», «Куда», «Склад»): shown and said to a screen reader alike. */
  label: string;
  /** The warehouses offered (the active ones, by name). */
  warehouses: Stock['warehouses'];
  value: string;
  onChange: (id: string) => void;
}

/** One warehouse of the studio's, chosen by its name: the stock-moving screens' one picker. */
export const WarehousePick = ({ label, warehouses, value, onChange }: WarehousePickProps) => (
  <label className="field">
    <span>{label}</span>
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {warehouses.map((w) => (
        <option key={w.record.id} value={w.record.id}>
          {w.data.name}
        </option>
      ))}
    </select>
  </label>
);
