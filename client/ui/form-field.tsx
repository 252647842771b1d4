import type { ReactNode } from 'react';

/** A labelled form field with its error line (announced when it appears), as every form of the shop lays them out. */
export const Field = ({ label, error, children }: { label: string; error?: string; children: ReactNode }) => (
  <label className="field">
    <span>{label}</span>
    {children}
    <span className="field-error" role={error ? 'alert' : undefined}>{error ?? ''}</span>
  </label>
);

/** One radio choice of a group. */
export const Choice = ({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: () => void; children: ReactNode }) => (
  <label className="choice">
    <input type="radio" name={name} checked={checked} onChange={onChange} />
    <span>{children}</span>
  </label>
);
