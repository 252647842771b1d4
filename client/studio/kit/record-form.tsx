import { useState, type FormEvent } from 'react';
import { FormFooter } from './form-footer';
import type { AnyEntity } from '../../../schema/entities';
import { recordData, type OfficeRecord } from '../../../schema/shared/record';
import { can } from '../../../schema/shared/access';
import { formatPhone } from '../../../schema/shared/phone';
import { PhoneInput } from '../../ui/phone-input';
import { staffName } from '../../../schema/shared/user';
import { useStaffNames } from '../../data/staff-directory';
import { useRefList } from '../../data/ref-list';
import { refChoices, type RefList } from '../../../schema/entities/ref';
import { useSession } from '../../shared/auth/session';
import { useNotice } from '../../ui/notices';
import { fieldsOf, fromFormValues, rowValues, toFormValues, type FieldSpec, type FormValues } from './fields';
import { useEntityWrites } from './use-entity';
import { useFormAction } from '../../lib/use-form-action';
import { ReferenceInput } from './reference-input';

/**
 * The choices of a field a reference list governs: its active entries in its order and labels, the chosen one kept.
 * An enum offers only its own codes among them; a plain code (`anyCode`) any entry.
 */
const RefOptions = ({ list, codes, chosen }: { list: RefList; codes: string[] | null; chosen: string }) => {
  const entries = useRefList(list);
  const offered = refChoices(entries, chosen).filter((o) => !codes || codes.includes(o.code));
  const all = chosen && !offered.some((o) => o.code === chosen) ? [...offered, { code: chosen, label: chosen }] : offered;
  return (
    <>
      {all.map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ))}
    </>
  );
};

interface InputProps {
  field: FieldSpec;
  /** The staff directory, for a field that names a staff member. */
  staff: ReadonlyMap<string, string>;
  value: FormValues[string];
  error?: string;
  readOnly: boolean;
  onChange: (v: FormValues[string]) => void;
  /** Errors of a list's rows, by `{field}.{row}.{sub}`. */
  errors?: Record<string, string>;
  /** An input inside a list's row: its id is prefixed with the row's. */
  idPrefix?: string;
}

/**
 * A list of small records (a client's important dates) or of plain values (a contractor's phones): one fieldset per
 * row, a button to add and to remove one.
 */
const ListInput = ({ field, staff, value, error, readOnly, onChange, errors = {} }: InputProps) => {
  const rows = Array.isArray(value) ? value : [];
  const set = (i: number, name: string, v: FormValues[string]) => onChange(rows.map((row, j) => (j === i ? { ...row, [name]: v } : row)));
  // A plain list's value is its row's one input; its error is named by the row alone («phones.1»).
  const errorOf = (i: number, sub: FieldSpec) => errors[field.plain ? `${field.name}.${i}` : `${field.name}.${i}.${sub.name}`];
  const one = field.plain ? (field.items?.[0]?.label ?? field.label) : field.label;
  return (
    <fieldset className="field field--list" aria-describedby={error ? `field-${field.name}-error` : undefined}>
      <legend>{field.label}</legend>
      {error && (
        <p className="field-error" id={`field-${field.name}-error`}>
          {error}
        </p>
      )}
      {rows.map((row, i) => (
        <fieldset key={i} className="field-list__row" aria-label={`${field.label}: ${i + 1}`}>
          {(field.items ?? []).map((sub) => (
            <FieldInput
              key={sub.name}
              staff={staff}
              idPrefix={`${field.name}-${i}-`}
              field={sub}
              value={row[sub.name]}
              error={errorOf(i, sub)}
              readOnly={readOnly}
              onChange={(v) => set(i, sub.name, v)}
            />
          ))}
          {!readOnly && (
            <button type="button" className="button button--ghost" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              Убрать
            </button>
          )}
        </fieldset>
      ))}
      {!readOnly && (
        <button type="button" className="button button--ghost" onClick={() => onChange([...rows, rowValues(field)])}>
          Добавить: {one.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
};

const FieldInput = (props: InputProps) => {
  const { field, staff, value, error, readOnly, onChange, idPrefix = '' } = props;
  if (field.kind === 'list') return <ListInput {...props} />;
  const id = `field-${idPrefix}${field.name}`;
  const common = { id, name: field.name, disabled: readOnly, 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : undefined };
  const text = typeof value === 'string' ? value : '';
  let input;
  switch (field.kind) {
    case 'boolean':
      return (
        <div className="field field--inline">
          <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <label htmlFor={id}>{field.label}</label>
          {error && <p className="field-error" id={`${id}-error`}>{error}</p>}
        </div>
      );
    case 'longtext':
      input = <textarea {...common} rows={3} value={text} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'enum':
      input = (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          {(field.optional || field.anyCode) && <option value="">—</option>}
          {field.ref ? (
            <RefOptions list={field.ref} codes={field.anyCode ? null : (field.options?.map((o) => o.id) ?? [])} chosen={text} />
          ) : (
            field.options?.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))
          )}
        </select>
      );
      break;
    case 'phone':
      if (field.staff && staff.size) {
        // Staff by name; a phone the directory does not hold (a former employee) stays a choice, masked.
        const digits = text.replace(/\D/g, '');
        const phones = [...staff.keys()];
        if (digits && !staff.has(digits)) phones.push(digits);
        input = (
          <select {...common} value={digits ? formatPhone(digits) : ''} onChange={(e) => onChange(e.target.value)}>
            {field.optional && <option value="">—</option>}
            {phones.map((p) => (
              <option key={p} value={formatPhone(p)}>
                {staffName(p, staff)}
              </option>
            ))}
          </select>
        );
        break;
      }
      input = (
        <PhoneInput id={id} name={field.name} disabled={readOnly} invalid={!!error} describedBy={common['aria-describedby']} value={text} onChange={onChange} autoComplete="off" />
      );
      break;
    case 'reference':
      input = (
        <ReferenceInput
          id={id}
          entity={field.reference ?? ''}
          label={field.label}
          value={text}
          optional={field.optional}
          disabled={readOnly}
          invalid={!!error}
          describedBy={common['aria-describedby']}
          onChange={onChange}
        />
      );
      break;
    case 'number':
    case 'roubles':
      input = <input {...common} inputMode="numeric" value={text} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'day':
      input = <input {...common} type="date" value={text} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'time':
      input = <input {...common} type="time" value={text} onChange={(e) => onChange(e.target.value)} />;
      break;
    default:
      input = <input {...common} value={text} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.label}
        {field.optional ? '' : ' *'}
      </label>
      {input}
      {error && <p className="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  );
};

export interface RecordFormProps {
  entity: AnyEntity;
  /** The record as read; none for a new one. The caller keys the form by the record's id, so another record starts afresh. */
  record?: OfficeRecord;
  /** A new record's data to start from (a refused change kept on the device, opened again); ignored with `record`. */
  initial?: Record<string, unknown>;
  onDone: () => void;
}

/**
 * The generic edit form: inputs from the entity's zod fields, Russian errors beside each, and only the buttons
 * the access rule allows (without them the form is read-only).
 */
export const RecordForm = ({ entity, record, initial, onDone }: RecordFormProps) => {
  const { user } = useSession();
  const notice = useNotice();
  const { save, remove } = useEntityWrites(entity);
  const staff = useStaffNames();
  const [values, setValues] = useState<FormValues>(() => toFormValues(entity, record ? (recordData(entity, record) ?? record.data) : initial));
  const { busy, failure, errors, refuse, run, remove: removeAsked } = useFormAction();
  // A stored fact or command is shown, never changed (the server refuses it): a correction is a new record.
  const fixed = !!record && entity.write !== 'record';
  const mayWrite = !fixed && can(user, record ? 'update' : 'create', entity, record);
  const mayDelete = !fixed && !!record && can(user, 'delete', entity, record);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = fromFormValues(entity, values);
    if (!result.ok) return refuse(result.errors);
    await run(async () => {
      await save(result.data, record);
      notice('Сохранено');
      onDone();
    });
  };

  const drop = async () => {
    if (!record) return;
    await removeAsked(`Удалить: ${record.title}?`, async () => {
      await remove(record);
      notice('Удалено');
      onDone();
    });
  };

  return (
    <form className="form record-form" onSubmit={(e) => void submit(e)} noValidate aria-label={record ? record.title : entity.labels.create}>
      {fieldsOf(entity).map((f) => (
        <FieldInput key={f.name} field={f} staff={staff} value={values[f.name]} error={errors[f.name]} errors={errors} readOnly={!mayWrite || !!f.computed} onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))} />
      ))}
      <FormFooter path={entity.path} busy={busy} failure={failure} mayWrite={mayWrite} onDelete={mayDelete ? () => void drop() : undefined} />
    </form>
  );
};
