import { useId, useRef, useState } from 'react';
import { readQuantity } from './quantity';
import { useTypedBeforeHydration } from '../../ui/typed-before-hydration';

/**
 * «Количество»: typed freely (the field may be emptied on the way from 1 to 5) and never changed behind the
 * shopper's back — a count out of range is said beside the field, and `onChange` gets null until it is right.
 */
export const QuantityField = ({ most, onChange }: { most: number; onChange: (count: number | null) => void }) => {
  const [typed, setTyped] = useState('1');
  const errorId = useId();
  const field = useRef<HTMLInputElement>(null);
  const type = (text: string) => {
    setTyped(text);
    onChange(readQuantity(text, most).count ?? null);
  };
  useTypedBeforeHydration(field, typed, type);
  const { error } = readQuantity(typed, most);
  return (
    <div className="quantity">
      <label className="field field--inline">
        <span>Количество</span>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          size={3}
          maxLength={4}
          ref={field}
          value={typed}
          onChange={(e) => type(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={errorId}
        />
      </label>
      <p id={errorId} className="field-error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
};
