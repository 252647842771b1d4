/** One filter of a list: its values and «Все» for none. */
export const FilterSelect = ({ label, value, options, onChange }: { label: string; value: string | undefined; options: readonly { id: string; label: string }[]; onChange: (v: string | undefined) => void }) => (
  <label className="field">
    <span>{label}</span>
    {/* Named by its label alone: a label around a select would also read out every option. */}
    <select aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">Все</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </select>
  </label>
);
