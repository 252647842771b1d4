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

/** Campaign and content pages that also show the items of one tag, and the Russian names of the tags. */
export const campaignTags: Record<string, string> = {
  '8march': '8march',
  'mothers-day': 'mom',
  'new-year': 'new-year',
  'bukety-na-den-rozhdeniya': 'birthday',
  'for-companies': 'corporate',
  'exclusive/reflection': 'premium',
};

/** /new-year/2023/red takes the items of its campaign, /new-year. */
export const tagOfPage = (slug: string): string | undefined =>
  campaignTags[slug] ?? Object.entries(campaignTags).find(([page]) => slug.startsWith(`${page}/`))?.[1];
