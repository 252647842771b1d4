import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { isSettingPage, type Page, type PageDraft } from '../../../../schema/shop/page';
import { pageAddressIssue } from '../../../../schema/shop/page-address';
import { call } from '../../../lib/api';
import { usePages } from '../../../data/pages';
import { useDeviceHolds } from '../../../data/device-or-snapshot';
import type { LocalData } from '../../../data/database';
import './page-editor.css';

const when = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/**
 * /admin/pages (admin): the site's pages, published (from the device's pages store) and drafts (online), each opened
 * in the block editor or the plain one; a new page starts from its address and goes to the block editor.
 */
const pagesOf = (data: LocalData) => data.shop.pages;

export const PagesPage = () => {
  const pages = usePages();
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<PageDraft[]>([]);
  // The server's published pages: a device that has not pulled the pages store yet must not call an existing address new.
  const [listed, setListed] = useState<Page[] | null>(null);
  const held = useDeviceHolds(pagesOf);
  const [key, setKey] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    call('POST /api/pages/drafts', {}).then(
      ({ data }) => current && setDrafts(data.items),
      () => undefined,
    );
    call('POST /api/pages/list', {}).then(
      ({ data }) => current && setListed(data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const published = !listed ? pages : [...pages, ...listed.filter((p) => !pages.some((d) => d.key === p.key) && !isSettingPage(p.id))];
  const keys = [...new Set([...published.map((p) => p.key), ...drafts.map((d) => d.key)])].sort();
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const k = key.trim().replace(/^\/+|\/+$/g, '');
    const addressIssue = pageAddressIssue(k);
    if (addressIssue) return setError(addressIssue);
    // Until the device holds the pages, the server's list decides (offline, what the device has is all there is).
    const asked = held || listed ? [] : await call('POST /api/pages/list', {}).then(({ data }) => data, () => []);
    const known = [...keys, ...asked.map((p) => p.key)];
    if (known.includes(k)) return setError(`Страница /${k} уже есть: откройте её в списке`);
    void navigate({ to: '/admin/pages-editor', search: { key: k, isNew: true } });
  };
  return (
    <section className="record-screen">
      <h1>Страницы</h1>
      <form className="page-editor__fields" onSubmit={(e) => void create(e)}>
        <label>
          <span>Адрес новой страницы</span>
          <input value={key} placeholder="8march-sale" aria-invalid={!!error} onChange={(e) => { setKey(e.target.value); setError(''); }} />
        </label>
        {error && (
          <p role="alert" className="page-editor__error">
            {error}
          </p>
        )}
        <button className="button">Новая страница</button>
      </form>
      <div className="pages-page__scroll">
        <table className="pages-page__table">
          <thead>
            <tr>
              <th>Адрес</th>
              <th>Заголовок</th>
              <th>Состояние</th>
              <th>Править</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => {
              const page = published.find((p) => p.key === k);
              const draft = drafts.find((d) => d.key === k);
              return (
                <tr key={k}>
                  <td>
                    <a href={`/${k}`}>/{k}</a>
                  </td>
                  <td>{draft?.value.title ?? page?.value.title}</td>
                  <td>{draft ? `Черновик от ${when.format(draft.savedAt)}${page ? ' (опубликована прежняя версия)' : ''}` : 'Опубликована'}</td>
                  <td>
                    <Link to="/admin/pages-editor" search={{ key: k }}>
                      Блоки
                    </Link>{' '}
                    ·{' '}
                    <Link to="/admin/pages-editor3" search={{ key: k }}>
                      Текст
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
};
