/**
 * One choice among values: a list's filter with «Все» for none, or (with `empty` and `keepUnknown`) a record to pick,
 * where a chosen id the options lack (a link from elsewhere) stays named rather than shown as none.
 */
export const FilterSelect = ({
  label,
  value,
  options,
  onChange,
  empty = 'Все',
  keepUnknown = false,
}: {
  label: string;
  value: string | undefined;
  options: readonly { id: string; label: string }[];
  onChange: (v: string | undefined) => void;
  empty?: string;
  keepUnknown?: boolean;
}) => (
  <label className="field">
    <span>{label}</span>
    {/* Named by its label alone: a label around a select would also read out every option. */}
    <select aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">{empty}</option>
      {keepUnknown && value && !options.some((o) => o.id === value) && <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </select>
  </label>
);
