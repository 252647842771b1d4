import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { PageDraft } from '../../../../schema/shop/page';
import { pageAddressIssue } from '../../../../schema/shop/page-address';
import { call } from '../../../lib/api';
import { usePages } from '../../../data/pages';
import './page-editor.css';

const when = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/**
 * /admin/pages (admin): the site's pages, published (from the device's pages store) and drafts (online), each opened
 * in the block editor or the plain one; a new page starts from its address and goes to the block editor.
 */
export const PagesPage = () => {
  const pages = usePages();
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<PageDraft[]>([]);
  const [key, setKey] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    call('POST /api/pages/drafts', {}).then(
      ({ data }) => current && setDrafts(data.items),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const keys = [...new Set([...pages.map((p) => p.key), ...drafts.map((d) => d.key)])].sort();
  const create = (e: FormEvent) => {
    e.preventDefault();
    const k = key.trim().replace(/^\/+|\/+$/g, '');
    const issue = pageAddressIssue(k) ?? (keys.includes(k) ? `Страница /${k} уже есть: откройте её в списке` : undefined);
    if (issue) return setError(issue);
    void navigate({ to: '/admin/pages-editor', search: { key: k, isNew: true } });
  };
  return (
    <section className="record-screen">
      <h1>Страницы</h1>
      <form className="page-editor__fields" onSubmit={create}>
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
              const page = pages.find((p) => p.key === k);
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
