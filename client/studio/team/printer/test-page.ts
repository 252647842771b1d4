import type { PaperDoc } from './paper-doc';

/** The test page: every Cyrillic letter, digits and the signs a ticket uses, so a wrong code page shows at once. */
export const testPage = (studio: string, printer: string): PaperDoc => ({
  name: 'Пробная печать',
  lines: [
    { style: 'title', text: 'Пробная печать', align: 'center' },
    { style: 'normal', text: studio, align: 'center' },
    { style: 'rule' },
    { style: 'normal', text: 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ' },
    { style: 'normal', text: 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя' },
    { style: 'normal', text: '0123456789 № % + - = ( ) : ; , .' },
    { style: 'bold', text: 'Итого: 7 990 ₽' },
    { style: 'rule' },
    { style: 'normal', text: `Принтер: ${printer}` },
  ],
});
