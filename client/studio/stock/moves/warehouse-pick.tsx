import { useId, useState } from 'react';
import { warehouse } from '../../../../schema/entities/warehouse';
import { ReferenceInput } from '../../kit/reference-input';

interface WarehousePickProps {
  /** What the choice is for («Откуда», «Куда», «Склад»): shown and said to a screen reader alike. */
  label: string;
  value: string;
  onChange: (id: string) => void;
  /**
   * The warehouses to offer where the device's store is not open yet (the write-off form's first look, from the page):
   * a plain choice of them. Without it the picker reads the device.
   */
  choices?: readonly { id: string; name: string }[];
  /** Not to be used yet: the server drew the page's choices and the tab has not taken it over (the write-off form's). */
  disabled?: boolean;
}

/** The picker as `ReferenceInput` draws it (a search box and a choice), over the page's warehouses. */
const DrawnPick = ({ id, label, value, onChange, choices, disabled }: WarehousePickProps & { id: string; choices: NonNullable<WarehousePickProps['choices']> }) => {
  const [q, setQ] = useState('');
  const searchId = useId();
  const needle = q.trim().toLowerCase();
  const found = choices.filter((w) => w.id === value || w.name.toLowerCase().includes(needle));
  return (
    <div className="reference-input">
      <input type="search" id={searchId} aria-label={`Найти: ${label.toLowerCase()}`} aria-controls={id} placeholder="Найти по названию" value={q} disabled={disabled} onChange={(e) => setQ(e.target.value)} />
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {!value && <option value="">Выберите…</option>}
        {found.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
      </select>
      {needle && found.length === 0 && <p className="muted">Ничего не нашлось.</p>}
    </div>
  );
};

/** One warehouse of the studio's, found and chosen by its name (switched-off ones not offered): the stock-moving screens' one picker. */
export const WarehousePick = ({ label, value, onChange, choices, disabled }: WarehousePickProps) => {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {choices ? (
        <DrawnPick id={id} label={label} value={value} onChange={onChange} choices={choices} disabled={disabled} />
      ) : (
        <ReferenceInput id={id} entity={warehouse.type} label={label} value={value} onChange={onChange} />
      )}
    </div>
  );
};
