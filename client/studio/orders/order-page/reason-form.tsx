import { useState, type FormEvent, type ReactNode } from 'react';

/**
 * A step that needs its reason written down (cancelling an order, taking a payment back): the reason field, what is
 * said when it is empty, «не …» to step back and the action's own button.
 */
export const ReasonForm = ({ name, className, intro, label, missing, keep, act, onSend, onBack }: {
  /** The form's accessible name, when the page holds others. */
  name?: string;
  className: string;
  intro?: ReactNode;
  label: string;
  missing: string;
  keep: string;
  act: string;
  onSend: (reason: string) => void;
  onBack: () => void;
}) => {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(missing);
    onSend(reason.trim());
  };
  return (
    <form className={`form ${className}`} onSubmit={submit} noValidate aria-label={name}>
      {intro}
      <label className="field">
        {label}
        <textarea value={reason} maxLength={500} aria-invalid={!!error} onChange={(e) => (setReason(e.target.value), setError(''))} />
      </label>
      <p className="field-error">{error}</p>
      <div className="form__buttons">
        <button type="button" className="button button--ghost" onClick={onBack}>
          {keep}
        </button>
        <button type="submit" className="button">
          {act}
        </button>
      </div>
    </form>
  );
};
