import { formatPhone } from '../../schema/shared/phone';
import { legalLine, phoneHref } from '../../schema/studio/team/studio-profile';
import { useNavigation } from '../data/storefront';
import { useStudioProfile } from '../data/studio-profile';
import { ShopLink } from '../ui/shop-link';

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
  const { footer } = useNavigation();
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
        {footer.map((column, i) => (
          <nav key={i} aria-labelledby={`footer-links-${i}`}>
            <h2 id={`footer-links-${i}`}>{column.title}</h2>
            <ul className="footer__links">
              {column.links.map((l, j) => (
                <li key={j}>
                  <ShopLink href={l.href}>{l.label}</ShopLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
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
