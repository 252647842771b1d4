/** Tab titles, the same in the server's HTML and in the browser once the app runs. */
const shopName = 'Цветочная мастерская';
export const shopTitle = `${shopName} — доставка цветов по Москве`;

/** A page's title in the tab: its own name, then the shop's. */
export const titleOf = (name: string): string => `${name} — ${shopName}`;
export const productTitle = (name: string): string => `${name} — купить с доставкой по Москве`;
export const categoryTitle = (label: string): string => `${label} — купить в Москве с доставкой`;
/** The whole catalogue's name (/items): its heading, and its title as a screen's. */
export const catalogueName = 'Каталог';
export const notFoundTitle = titleOf('Страница не найдена');
