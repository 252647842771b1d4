import type { Ref } from 'react';
import { IMaskInput } from 'react-imask';
import { nationalDigits, phoneMask } from '../../schema/shared/phone';

interface PhoneInputProps {
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string;
  readOnly?: boolean;
  id?: string;
  disabled?: boolean;
  /** `tel` where the person types their own number; `off` for someone else's (a courier's, a client's). */
  autoComplete?: 'tel' | 'off';
}

/**
 * Every phone field: +7 (900) 111-22-33 however it is typed, pasted or autofilled. The mask's «+7» is fixed, so on
 * its own it would read a pasted «8 900…» as +7 (890) 0…; what goes into an empty field is read as a whole number
 * first (nationalDigits), which also drops the 8 or 7 a person types out of habit before the 9.
 */
export const PhoneInput = ({ value, onChange, invalid = false, name, inputRef, describedBy, readOnly, id, disabled, autoComplete = 'tel' }: PhoneInputProps) => (
  <IMaskInput
    mask={phoneMask}
    prepare={(chars, masked, flags) => (masked.unmaskedValue || flags.tail ? chars : nationalDigits(chars))}
    placeholder="+7 (___) ___-__-__"
    value={value}
    onAccept={(v: string) => onChange(v)}
    inputRef={inputRef}
    type="tel"
    inputMode="tel"
    autoComplete={autoComplete}
    id={id}
    disabled={disabled}
    name={name}
    aria-invalid={invalid}
    aria-describedby={describedBy}
    readOnly={readOnly}
  />
);
