import { useState, type FormEvent } from 'react';
import { clientIdOf } from '../../../../schema/entities/client';
import { phone as phoneSchema } from '../../../../schema/shared/phone';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { mergeClients } from '../../../data/client-merge';
import { PhoneInput } from '../../../ui/phone-input';

/**
 * On a client's card: another card of the same person, named by its main phone, merges into this one (its phone,
 * dates and notes come over, and the other card is removed).
 */
export const ClientMerge = ({ record, onDone }: { record: OfficeRecord; onDone: () => void }) => {
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = phoneSchema.safeParse(typed);
    if (!parsed.success) return setFailure(parsed.error.issues[0].message);
    if (!confirm(`Объединить карточку ${typed} с карточкой «${record.title}»? Вторая карточка будет удалена.`)) return;
    try {
      await mergeClients(record.id, clientIdOf(parsed.data));
      onDone();
    } catch (err) {
      setFailure((err as Error).message);
    }
  };
  return (
    <form className="form client-merge" onSubmit={(e) => void submit(e)} noValidate aria-label="Объединить карточки">
      <div className="field">
        <label htmlFor="merge-phone">Другая карточка этого человека: её телефон</label>
        <PhoneInput id="merge-phone" value={typed} onChange={setTyped} autoComplete="off" />
      </div>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button--ghost">
        Объединить с этой карточкой
      </button>
    </form>
  );
};
