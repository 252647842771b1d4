/** The Russian names of the catalogue's tags (/tags/{tag}); a tag without one is shown as #tag. */
export const tagLabels: Record<string, string> = {
  birthday: 'Букеты на день рождения',
  love: 'Любимой',
  mom: 'Для мамы',
  wedding: 'Свадебные',
  'new-year': 'Новогодние',
  '8march': 'К 8 Марта',
  corporate: 'Для компаний',
  sympathy: 'Соболезнования',
  premium: 'Премиум',
  seasonal: 'Сезонные',
};
