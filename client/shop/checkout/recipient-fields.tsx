import { Field } from '../../ui/form-field';
import { PhoneInput } from '../../ui/phone-input';
import { askRecipientLabel } from '../../../schema/studio/orders/order';
import type { CheckoutForm } from './checkout-form';
import type { FormErrors } from './form-errors';

interface Props {
  form: CheckoutForm;
  errors: FormErrors;
  change: (part: Partial<CheckoutForm>) => void;
}

/** «Получатель»: typed, or «Я получатель» (the sender's name and phone, kept in step by checkout-form.ts). */
export const RecipientFieldset = ({ form, errors, change }: Props) => (
  <fieldset>
    <legend>Получатель</legend>
    <label className="choice">
      <input type="checkbox" name="recipient-is-sender" checked={form.recipientIsSender} onChange={(e) => change({ recipientIsSender: e.target.checked })} />
      <span>Я получатель</span>
    </label>
    <Field label="Имя получателя" error={errors['recipient.name']}>
      <input
        name="recipient-name"
        value={form.recipient.name}
        readOnly={form.recipientIsSender}
        onChange={(e) => change({ recipient: { ...form.recipient, name: e.target.value } })}
        aria-invalid={!!errors['recipient.name']}
        maxLength={100}
      />
    </Field>
    <Field label="Телефон получателя" error={errors['recipient.phone']}>
      <PhoneInput
        name="recipient-phone"
        value={form.recipient.phone}
        readOnly={form.recipientIsSender}
        onChange={(phone) => change({ recipient: { ...form.recipient, phone } })}
        invalid={!!errors['recipient.phone']}
      />
    </Field>
  </fieldset>
);

/** The courier's address, or «Уточнить адрес у получателя»: the studio calls the recipient, the address is optional. */
export const CourierAddress = ({ form, errors, change }: Props) => (
  <>
    <label className="choice">
      <input type="checkbox" name="ask-recipient" checked={form.askRecipient} onChange={(e) => change({ askRecipient: e.target.checked })} />
      <span>{askRecipientLabel} — студия позвонит получателю и узнает адрес</span>
    </label>
    <Field label={form.askRecipient ? 'Адрес доставки, если знаете' : 'Адрес доставки'} error={errors['delivery.address']}>
      <input
        name="address"
        autoComplete="street-address"
        placeholder="Улица, дом, квартира, подъезд, этаж"
        value={form.address}
        onChange={(e) => change({ address: e.target.value })}
        aria-invalid={!!errors['delivery.address']}
        maxLength={300}
      />
    </Field>
  </>
);
