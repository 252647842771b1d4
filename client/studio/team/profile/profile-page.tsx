import type { FormEvent } from 'react';
import { formatPhone } from '../../../../schema/shared/phone';
import { studioProfile, type StudioProfile, type StudioProfileAnswer } from '../../../../schema/studio/team/studio-profile';
import { call } from '../../../lib/api';
import { keptEdits } from '../../../lib/kept-edits';
import { errorsByField, issuesOf, useFormAction } from '../../../lib/use-form-action';
import { useOnlineCopy } from '../../../lib/use-online-copy';
import { Field } from '../../../ui/form-field';
import { useNotice } from '../../../ui/notices';

type Form = { [K in keyof StudioProfile]: string };

const labels: Form = {
  name: 'Название',
  owner: 'ИП или юрлицо',
  inn: 'ИНН',
  ogrn: 'ОГРНИП или ОГРН',
  address: 'Адрес',
  metro: 'Станции метро (через запятую)',
  phone: 'Телефон',
  vk: 'VK',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  map: 'Ссылка на карту',
  hours: 'Часы работы',
};
const fields = Object.keys(labels) as (keyof StudioProfile)[];

const toForm = (p: StudioProfile): Form => ({ ...p, phone: formatPhone(p.phone), metro: p.metro.join(', ') });
const fromForm = (f: Form) => studioProfile.safeParse({ ...f, metro: f.metro.split(',').map((s) => s.trim()).filter(Boolean) });

/** The profile as the form holds it, with the version it was read at. */
const copyOf = ({ data }: StudioProfileAnswer) => ({ form: toForm(data.profile), updatedAt: data.updatedAt });

/**
 * /admin/profile: the studio's own details (schema/studio/team/studio-profile.ts), which the storefront's header, footer and the
 * server's HTML show. Read and saved online (an admin's screen); a save made from an old copy is refused (409).
 */
export const ProfilePage = () => {
  const notice = useNotice();
  // The server's issues name `profile.phone`: each is said beside its field.
  const { busy, failure, errors, refuse, run, fail } = useFormAction({ fields: { under: 'profile', whole: true } });
  const [read, setRead] = useOnlineCopy('POST /api/profile/get', copyOf, fail);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!read) return;
    const parsed = fromForm(read.form);
    if (!parsed.success) return refuse(errorsByField(issuesOf(parsed.error), { whole: true }));
    const sent = read.form;
    await run(async () => {
      // Fields changed while the save was on its way keep the admin's edit; the rest, and the version, are the answer's.
      const saved = copyOf(await call('POST /api/profile/update', { profile: parsed.data, updatedAt: read.updatedAt }));
      setRead((now) => (now ? { ...saved, form: keptEdits(now.form, sent, saved.form) } : saved));
      notice('Профиль сохранён');
    });
  };

  return (
    <section className="record-screen">
      <h1>Профиль мастерской</h1>
      <p className="muted">Эти данные видят покупатели: в шапке и подвале сайта, на странице контактов и в поисковиках.</p>
      {!read ? (
        failure ? <p className="field-error" role="alert">{failure}</p> : <p className="muted">Загрузка…</p>
      ) : (
        <form className="form record-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Профиль мастерской">
          {fields.map((name) => (
            <Field key={name} label={labels[name]} error={errors[name]}>
              <input
                name={name}
                type={name === 'phone' ? 'tel' : 'text'}
                value={read.form[name]}
                aria-invalid={!!errors[name]}
                onChange={(e) => {
                  const value = e.target.value;
                  setRead((now) => (now ? { ...now, form: { ...now.form, [name]: value } } : now));
                }}
              />
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
    </section>
  );
};
