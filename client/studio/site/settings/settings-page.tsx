import { useEffect, useState, type FormEvent } from 'react';
import { formatRoubles } from '../../../../schema/shared/money';
import { phone as mobilePhone } from '../../../../schema/shared/phone';
import { shopSettings, type ShopSettings } from '../../../../schema/studio/site/shop-settings';
import { settingsProblems, type ShopSettingsAnswer } from '../../../../schema/studio/site/shop-settings-update';
import { call } from '../../../lib/api';
import { keptEdits } from '../../../lib/kept-edits';
import { taxSystem, vatCode, type ReceiptProviderInput, type ReceiptProviderView, type ReceiptSettings, type TaxSystem, type VatCode } from '../../../../schema/studio/receipts/receipt';
import { errorsByField, issuesOf, refusalOf, useFormAction, type FieldIssue } from '../../../lib/use-form-action';
import { useOnlineCopy } from '../../../lib/use-online-copy';
import { Field } from '../../../ui/form-field';
import { PhoneInput } from '../../../ui/phone-input';
import { useNotice } from '../../../ui/notices';

type Form = { [K in keyof ShopSettings]: string };

const labels: Form = {
  deliveryPrice: 'Доставка курьером, ₽',
  freeDeliveryFrom: 'Бесплатная доставка от суммы товаров, ₽ (0 — всегда бесплатно)',
  slots: 'Интервалы доставки (по одному в строке, например 09:00–12:00)',
  leadMinutes: 'Сколько минут нужно до конца интервала, чтобы успеть',
  closedDays: 'Дни без доставки (ГГГГ-ММ-ДД, по одному в строке)',
  maxUnitsPerProduct: 'Не больше штук одного товара в заказе',
  bookingDays: 'На сколько дней вперёд можно заказать',
  reminderDaysAhead: 'За сколько дней напоминать о датах клиентов',
  metrikaId: 'Номер счётчика Яндекс Метрики',
  tmrId: 'Номер счётчика Top@Mail.Ru',
};
const numeric = new Set<keyof ShopSettings>(['deliveryPrice', 'freeDeliveryFrom', 'leadMinutes', 'maxUnitsPerProduct', 'bookingDays', 'reminderDaysAhead']);
const lists = new Set<keyof ShopSettings>(['slots', 'closedDays']);
const fields = Object.keys(labels) as (keyof ShopSettings)[];

const toForm = (s: ShopSettings): Form =>
  Object.fromEntries(fields.map((k) => [k, Array.isArray(s[k]) ? s[k].join('\n') : String(s[k])])) as Form;

/** A number as typed (spaces allowed, «-» kept so that zod says it is below zero); anything else stays text, refused by the schema. */
const numberOf = (typed: string): number | string => (/^-?\d+([.,]\d+)?$/.test(typed.replace(/\s/g, '')) ? Number(typed.replace(/\s/g, '').replace(',', '.')) : typed);
/** A hyphen typed between the times is the en dash the slots are written with. */
const listOf = (typed: string, k: keyof ShopSettings) =>
  typed.split(/[\n,;]/).map((s) => (k === 'slots' ? s.trim().replace(/\s*[-—]\s*/, '–') : s.trim())).filter(Boolean);

const fromForm = (f: Form) =>
  Object.fromEntries(fields.map((k) => [k, numeric.has(k) ? numberOf(f[k]) : lists.has(k) ? listOf(f[k], k) : f[k].trim()]));

/** The settings as the form holds them, with the version they were read at. */
const copyOf = ({ data }: ShopSettingsAnswer) => ({ form: toForm(data.settings), updatedAt: data.updatedAt });

/** The whole check the server makes (schema/studio/site/shop-settings.ts), said beside each field before sending. */
const check = (f: Form): { settings: ShopSettings } | { issues: FieldIssue[] } => {
  const parsed = shopSettings.safeParse(fromForm(f));
  if (!parsed.success) return { issues: issuesOf(parsed.error) };
  const problems = settingsProblems(parsed.data);
  return problems.length ? { issues: problems } : { settings: parsed.data };
};

/**
 * /admin/settings (issue 21, item 5): what the checkout and the server's pricing read (schema/studio/site/shop-settings.ts), read
 * and saved online; a save from an old copy is refused (409). The SMS gateway below is saved apart: its token is
 * sent to the server and never shown again.
 */
export const SettingsPage = () => {
  const notice = useNotice();
  // The server's issues name `settings.deliveryPrice`, `settings.slots.1`: each is said beside its field.
  const { busy, failure, errors, refuse, run, fail } = useFormAction({ fields: { under: 'settings', whole: true } });
  const [read, setRead] = useOnlineCopy('POST /api/settings/get', copyOf, fail);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!read) return;
    const checked = check(read.form);
    if ('issues' in checked) return refuse(errorsByField(checked.issues, { whole: true }), 'Исправьте отмеченные поля: настройки не сохранены');
    const sent = read.form;
    await run(async () => {
      const answer = await call('POST /api/settings/update', { settings: checked.settings, updatedAt: read.updatedAt });
      // Fields changed while the save was on its way keep the admin's edit; the rest, and the version, are the answer's.
      const saved = copyOf(answer);
      setRead((now) => (now ? { ...saved, form: keptEdits(now.form, sent, saved.form) } : saved));
      notice(`Настройки сохранены: доставка ${formatRoubles(answer.data.settings.deliveryPrice)}`);
    });
  };

  // Over the copy as it is now, which a save's answer may have just replaced.
  const type = (name: keyof ShopSettings, value: string) => setRead((now) => now && { ...now, form: { ...now.form, [name]: value } });

  return (
    <section className="record-screen">
      <h1>Настройки</h1>
      <p className="muted">Доставка, интервалы и ограничения заказа: их сразу видят покупатели при оформлении, и по ним же считает сервер.</p>
      {!read ? (
        failure ? <p className="field-error" role="alert">{failure}</p> : <p className="muted">Загрузка…</p>
      ) : (
        <form className="form record-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Настройки магазина">
          {fields.map((name) => (
            <Field key={name} label={labels[name]} error={errors[name]}>
              {lists.has(name) ? (
                <textarea name={name} rows={name === 'slots' ? 5 : 3} value={read.form[name]} aria-invalid={!!errors[name]} onChange={(e) => type(name, e.target.value)} />
              ) : (
                <input
                  name={name}
                  inputMode={numeric.has(name) || name.endsWith('Id') ? 'numeric' : undefined}
                  value={read.form[name]}
                  aria-invalid={!!errors[name]}
                  onChange={(e) => type(name, e.target.value)}
                />
              )}
            </Field>
          ))}
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <p className="form__buttons">
            <button type="submit" className="button" disabled={busy}>
              Сохранить
            </button>
          </p>
        </form>
      )}
      <SmsGatewaySettings />
      <ReceiptSettingsForm />
    </section>
  );
};

/** The SMS gateway: its address and token (kept on the server only), and a test message to a phone. */
const SmsGatewaySettings = () => {
  const notice = useNotice();
  const [gateway, setGateway] = useState<{ url: string; hasToken: boolean } | null>(null);
  // The gateway as typed: the token only as typed, sent when given and never shown back.
  const [typed, setTyped] = useState({ url: '', token: '' });
  const [phone, setPhone] = useState('');
  const { busy, failure, run, fail } = useFormAction();

  useEffect(() => {
    let current = true;
    call('POST /api/settings/sms-get', {}).then(
      ({ data }) => current && (setGateway(data), setTyped({ url: data.url, token: '' })),
      (e: unknown) => current && fail(refusalOf(e).message),
    );
    return () => {
      current = false;
    };
  }, [fail]);

  const type = (name: keyof typeof typed, value: string) => setTyped((now) => ({ ...now, [name]: value }));

  const save = () =>
    run(async () => {
      const sent = typed;
      const { data } = await call('POST /api/settings/sms-update', { url: sent.url.trim(), ...(sent.token ? { token: sent.token } : {}) });
      setGateway(data);
      // What was typed while the save was on its way stays (a new token with it); the rest shows what was saved.
      setTyped((now) => keptEdits(now, sent, { url: data.url, token: '' }));
      notice('SMS-шлюз сохранён');
    });
  const test = () =>
    run(async () => {
      const to = mobilePhone.safeParse(phone);
      if (!to.success) throw new Error(to.error.issues[0]?.message ?? 'Укажите мобильный телефон для проверки');
      await call('POST /api/settings/sms-test', { phone: to.data });
      notice('Тестовое SMS отправлено');
    });

  return (
    <form className="form record-form" aria-label="SMS-шлюз" noValidate onSubmit={(e) => (e.preventDefault(), void save())}>
      <h2>SMS-шлюз</h2>
      <p className="muted">Через него приходят коды входа. Пустой адрес — как настроено на сервере.</p>
      <Field label="Адрес шлюза">
        <input name="sms-url" type="url" value={typed.url} onChange={(e) => type('url', e.target.value)} placeholder="https://…" />
      </Field>
      <Field label={gateway?.hasToken ? 'Новый токен (сохранённый не показывается)' : 'Токен'}>
        <input name="sms-token" type="password" autoComplete="off" value={typed.token} onChange={(e) => type('token', e.target.value)} />
      </Field>
      <p className="form__buttons">
        <button type="submit" className="button" disabled={busy || !gateway}>
          Сохранить шлюз
        </button>
      </p>
      <Field label="Телефон для проверки">
        <PhoneInput name="sms-test-phone" value={phone} onChange={setPhone} />
      </Field>
      <p className="form__buttons">
        <button type="button" className="button button--ghost" disabled={busy || !gateway?.url} onClick={() => void test()}>
          Отправить тестовое SMS
        </button>
      </p>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
};

const taxSystemLabels: Record<TaxSystem, string> = {
  osn: 'ОСН', usn_income: 'УСН «доходы»', usn_income_outcome: 'УСН «доходы минус расходы»', envd: 'ЕНВД', esn: 'ЕСХН', patent: 'Патент',
};
const vatLabels: Record<VatCode, string> = {
  none: 'Без НДС', vat0: '0 %', vat5: '5 %', vat7: '7 %', vat10: '10 %', vat20: '20 %', vat105: '5/105', vat107: '7/107', vat110: '10/110', vat120: '20/120',
};
const providerLabels: Record<string, string> = { atol: 'АТОЛ Онлайн', yookassa: 'ЮKassa', 'atol-local': 'касса на кассовом месте (драйвер АТОЛ)', '': 'не подключена (чеки ждут в очереди)' };
const choiceLabels: Record<ReceiptProviderInput['kind'], string> = {
  server: 'Как настроено на сервере',
  yookassa: 'Чеки ЮKassa',
  atol: 'АТОЛ Онлайн (облачная касса)',
  'atol-local': 'Касса на кассовом месте (драйвер АТОЛ)',
  none: 'Не отправлять (чеки ждут в очереди)',
};
/** With YooKassa's receipts, the register for the studio's own money (YooKassa fiscalises only money it took). */
type RegisterKind = 'none' | 'atol' | 'atol-local';
const registerLabels: Record<RegisterKind, string> = {
  none: 'Не выбрана (чеки за наличные и карту в студии не пробиваются)',
  atol: 'АТОЛ Онлайн (облачная касса)',
  'atol-local': 'Касса на кассовом месте (драйвер АТОЛ)',
};
const registerKinds = Object.keys(registerLabels) as RegisterKind[];
/** The form's copy of the choice: every field kept while the admin switches kinds; the password only as typed. */
interface ChoiceForm {
  kind: ReceiptProviderInput['kind'];
  register: RegisterKind;
  login: string;
  group: string;
  apiUrl: string;
  password: string;
  passwordSet: boolean;
  url: string;
}
const choiceForm = (v: ReceiptProviderView): ChoiceForm => {
  // The register's fields are the same whether it is the only one or the studio's beside YooKassa.
  const r = v.kind === 'yookassa' ? v.register : v;
  return {
    kind: v.kind,
    register: v.kind === 'yookassa' ? v.register.kind : 'none',
    login: r.kind === 'atol' ? r.login : '',
    group: r.kind === 'atol' ? r.group : '',
    apiUrl: r.kind === 'atol' ? r.apiUrl : 'https://online.atol.ru/possystem/v5',
    password: '',
    passwordSet: r.kind === 'atol' && r.passwordSet,
    url: r.kind === 'atol-local' ? r.url : 'http://localhost:16732',
  };
};
const registerInput = (f: ChoiceForm, kind: RegisterKind) => {
  if (kind === 'atol') return { kind: 'atol' as const, login: f.login, group: f.group, apiUrl: f.apiUrl, ...(f.password ? { password: f.password } : {}) };
  if (kind === 'atol-local') return { kind: 'atol-local' as const, url: f.url };
  return { kind: 'none' as const };
};
const choiceInput = (f: ChoiceForm): ReceiptProviderInput => {
  if (f.kind === 'yookassa') return { kind: 'yookassa', register: registerInput(f, f.register) };
  if (f.kind === 'atol' || f.kind === 'atol-local' || f.kind === 'none') return registerInput(f, f.kind);
  return { kind: f.kind };
};
const choiceKinds = Object.keys(choiceLabels) as ReceiptProviderInput['kind'][];

/**
 * Fiscal receipts (issue 30): the register they go to, the tax system, VAT and the seller's details. An ATOL password
 * is sent when typed and never shown: the server says only whether one is kept.
 */
const ReceiptSettingsForm = () => {
  const notice = useNotice();
  const [form, setForm] = useState<ReceiptSettings | null>(null);
  const [choice, setChoice] = useState<ChoiceForm | null>(null);
  const [provider, setProvider] = useState('');
  const { busy, failure, run, fail } = useFormAction();
  useEffect(() => {
    let current = true;
    call('POST /api/settings/receipts-get', {}).then(
      ({ data }) => current && (setForm(data.settings), setChoice(choiceForm(data.choice)), setProvider(data.provider)),
      (e: unknown) => current && fail(refusalOf(e).message),
    );
    return () => {
      current = false;
    };
  }, [fail]);
  const save = () =>
    run(async () => {
      if (!form || !choice) return;
      const sent = { form, choice };
      const { data } = await call('POST /api/settings/receipts-update', { settings: form, choice: choiceInput(choice) });
      // Fields changed while the save was on its way keep the admin's edit; the rest show what was saved.
      setForm((now) => (now ? keptEdits(now, sent.form, data.settings) : data.settings));
      setChoice((now) => (now ? keptEdits(now, sent.choice, choiceForm(data.choice)) : choiceForm(data.choice)));
      setProvider(data.provider);
      notice('Настройки чеков сохранены');
    });
  return (
    <form className="form record-form" aria-label="Чеки" noValidate onSubmit={(e) => (e.preventDefault(), void save())}>
      <h2>Чеки (54-ФЗ)</h2>
      <p className="muted" data-testid="receipts-provider">
        Чеки уходят: {providerLabels[provider] ?? provider}.
      </p>
      {form && choice && (
        <>
          <Field label="Касса">
            <select name="receipts-provider" value={choice.kind} onChange={(e) => setChoice({ ...choice, kind: choiceKinds.find((k) => k === e.target.value) ?? 'server' })}>
              {choiceKinds.map((k) => (
                <option key={k} value={k}>
                  {choiceLabels[k]}
                </option>
              ))}
            </select>
          </Field>
          {choice.kind === 'yookassa' && (
            <>
              <p className="muted">ЮKassa пробивает чеки только за деньги, которые прошли через неё (оплата на сайте, её возвраты). Для наличных и карты в студии выберите кассу.</p>
              <Field label="Касса для наличных и карты в студии">
                <select name="receipts-register" value={choice.register} onChange={(e) => setChoice({ ...choice, register: registerKinds.find((k) => k === e.target.value) ?? 'none' })}>
                  {registerKinds.map((k) => (
                    <option key={k} value={k}>
                      {registerLabels[k]}
                    </option>
                  ))}
                </select>
              </Field>
            </>
          )}
          {(choice.kind === 'atol' || (choice.kind === 'yookassa' && choice.register === 'atol')) && (
            <>
              <Field label="Логин АТОЛ Онлайн">
                <input name="atol-login" autoComplete="off" value={choice.login} onChange={(e) => setChoice({ ...choice, login: e.target.value })} />
              </Field>
              <Field label="Пароль АТОЛ Онлайн">
                <input
                  name="atol-password"
                  type="password"
                  autoComplete="new-password"
                  placeholder={choice.passwordSet ? 'сохранён — оставьте пустым' : ''}
                  value={choice.password}
                  onChange={(e) => setChoice({ ...choice, password: e.target.value })}
                />
              </Field>
              <Field label="Код группы касс">
                <input name="atol-group" autoComplete="off" value={choice.group} onChange={(e) => setChoice({ ...choice, group: e.target.value })} />
              </Field>
              <Field label="Адрес API">
                <input name="atol-api-url" value={choice.apiUrl} onChange={(e) => setChoice({ ...choice, apiUrl: e.target.value })} />
              </Field>
            </>
          )}
          {(choice.kind === 'atol-local' || (choice.kind === 'yookassa' && choice.register === 'atol-local')) && (
            <Field label="Адрес веб-сервера драйвера ККТ">
              <input name="atol-driver-url" value={choice.url} onChange={(e) => setChoice({ ...choice, url: e.target.value })} />
            </Field>
          )}
          <Field label="Система налогообложения">
            <select name="tax-system" value={form.taxSystem} onChange={(e) => setForm({ ...form, taxSystem: taxSystem.parse(e.target.value) })}>
              {taxSystem.options.map((t) => (
                <option key={t} value={t}>
                  {taxSystemLabels[t]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="НДС">
            <select name="vat" value={form.vat} onChange={(e) => setForm({ ...form, vat: vatCode.parse(e.target.value) })}>
              {vatCode.options.map((v) => (
                <option key={v} value={v}>
                  {vatLabels[v]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="ИНН продавца">
            <input name="inn" inputMode="numeric" value={form.inn} onChange={(e) => setForm({ ...form, inn: e.target.value.trim() })} />
          </Field>
          <Field label="Email продавца (и покупателя без телефона)">
            <input name="receipt-email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value.trim() })} />
          </Field>
          <Field label="Место расчётов (адрес сайта)">
            <input name="payment-address" value={form.paymentAddress} onChange={(e) => setForm({ ...form, paymentAddress: e.target.value })} />
          </Field>
          <p className="form__buttons">
            <button type="submit" className="button" disabled={busy}>
              Сохранить настройки чеков
            </button>
          </p>
        </>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
};
