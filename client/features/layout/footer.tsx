import { Link } from '@tanstack/react-router';
import { formatPhone } from '../../../schema/phone';
import { legalLine, phoneHref } from '../../../schema/studio-profile';
import { useStudioProfile } from '../../data/studio-profile';

/** The shop's own pages (spec §2), each reachable from every screen. */
const shopPages = [
  ['info/delivery', 'Доставка и оплата'],
  ['offers', 'Акции'],
  ['postcards', 'Открытки'],
  ['for-companies', 'Для компаний'],
  ['studio', 'Блог мастерской'],
  ['flowers-encyclopedia', 'Энциклопедия цветов'],
  ['service', 'Сервис и гарантии'],
  ['info', 'Частые вопросы'],
  ['policy', 'Оферта'],
] as const;

/** Pages with routes of their own: a link through the catch-all route would make the router warn on every draw. */
const ownRoutes: Partial<Record<(typeof shopPages)[number][0], '/info' | '/info/delivery' | '/policy'>> = { info: '/info', 'info/delivery': '/info/delivery', policy: '/policy' };

// In the shop's time zone: the server draws the page in UTC and the tab hydrates it in the shopper's, and both must agree.
// Moscow keeps UTC+3 all year (since 2014), so no Intl formatter with a time zone: loading the zone's data was the
// costliest step of a first view's hydration on a slow phone (about 100 ms at Lighthouse's 4× slowdown).
const inMoscow = (d: Date) => new Date(d.getTime() + 3 * 3_600_000);
const twoDigits = (n: number) => String(n).padStart(2, '0');
const built = inMoscow(new Date(__BUILD_DATE__));
const buildDate = `${twoDigits(built.getUTCDate())}.${twoDigits(built.getUTCMonth() + 1)}.${built.getUTCFullYear()}`;
const thisYear = () => inMoscow(new Date()).getUTCFullYear();

/** Spec §1: years, metro, map and review links, address, contacts, partners, awards, legal line, build date. */
export const Footer = () => {
  const studio = useStudioProfile();
  return (
    <footer className="footer">
      <div className="footer__cols">
        <section>
          <h2>Мастерская</h2>
          <address>
            {studio.address}
            <br />
            {studio.metro.length > 0 && (
              <>
                м. {studio.metro.join(', ')}
                <br />
              </>
            )}
            {studio.hours}
          </address>
          <p>
            <a href={studio.map} target="_blank" rel="noreferrer">Мы на карте</a> ·{' '}
            <a href="https://flowwow.com/" target="_blank" rel="noreferrer">Мы на маркетплейсе</a> ·{' '}
            <a href="https://yandex.ru/maps/" target="_blank" rel="noreferrer">Отзывы</a>
          </p>
        </section>
        <section>
          <h2>Контакты</h2>
          <p>
            <a href={phoneHref(studio.phone)}>{formatPhone(studio.phone)}</a>
            <br />
            <a href={studio.telegram} target="_blank" rel="noreferrer">Telegram</a> · <a href={studio.whatsapp} target="_blank" rel="noreferrer">WhatsApp</a> ·{' '}
            <a href={studio.vk} target="_blank" rel="noreferrer">VK</a>
          </p>
        </section>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">Покупателям</h2>
          <ul className="footer__links">
            {shopPages.map(([slug, label]) => (
              <li key={slug}>
                {ownRoutes[slug] ? <Link to={ownRoutes[slug]}>{label}</Link> : <Link to="/$" params={{ _splat: slug }}>{label}</Link>}
              </li>
            ))}
          </ul>
        </nav>
        <section>
          <h2>Партнёры</h2>
          <p>Галерея современного искусства «Арт-Покровка» — цветочное оформление выставок.</p>
          <h2>Награды</h2>
          <p>1 место — Кубок России по флористике 2024</p>
        </section>
      </div>
      <p className="footer__legal">
        © 2020–{thisYear()} {studio.name}. {legalLine(studio)}. Сборка от {buildDate}.
      </p>
    </footer>
  );
};
