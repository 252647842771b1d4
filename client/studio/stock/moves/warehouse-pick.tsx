import { useId } from 'react';
import { warehouse } from '../../../../schema/entities/warehouse';
import { ReferenceInput } from '../../kit/reference-input';

interface WarehousePickProps {
  /** What the choice is for («Откуда», «Куда», «Склад»): shown and said to a screen reader alike. */
  label: string;
  value: string;
  onChange: (id: string) => void;
}

/** One warehouse of the studio's, found and chosen by its name (switched-off ones not offered): the stock-moving screens' one picker. */
export const WarehousePick = ({ label, value, onChange }: WarehousePickProps) => {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <ReferenceInput id={id} entity={warehouse.type} label={label} value={value} onChange={onChange} />
    </div>
  );
};
