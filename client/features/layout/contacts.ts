/** The studio's contacts, shown in the header and the footer. */
export const studio = {
  phone: '+7 (495) 000-00-00',
  phoneHref: 'tel:+74950000000',
  vk: 'https://vk.com/',
  telegram: 'https://t.me/',
  whatsapp: 'https://wa.me/74950000000',
  address: 'Москва, ул. Покровка, 17',
  metro: ['Китай-город', 'Чистые пруды', 'Курская'],
  hours: 'ежедневно 09:00–22:00',
} as const;
