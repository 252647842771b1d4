/**
 * A printable paper of the studio (issue 22, item 3): what every paper says, whatever it is about — a title, a number
 * and a date, the parties, tables, totals in roubles and the lines to sign. Built by pure functions from the device's
 * data (client/studio/kit/papers.ts) and laid out by one component (`Paper`, client/ui/paper-sheet.tsx),
 * which adds the studio's own details above it.
 */
interface PaperColumn {
  label: string;
  /** Numbers and sums stand to the right. */
  numeric?: boolean;
}

interface PaperTable {
  caption?: string;
  columns: PaperColumn[];
  /** Each row's cells, already written as text, one per column. */
  rows: string[][];
}

export interface PaperLine {
  label: string;
  value: string;
}

export interface PrintedPaper {
  /** «Приходная накладная», «Акт списания», … */
  title: string;
  /** The paper's number as the studio says it («17», «1042»), or empty when it has none. */
  number: string;
  /** The day it is dated, yyyy-MM-dd. */
  day: string;
  /** Who and where: «Поставщик», «Склад», «Курьер». */
  parties: PaperLine[];
  tables: PaperTable[];
  /** The sums under the tables, the last one the paper's bottom line. */
  totals: PaperLine[];
  notes: string[];
  /** Whose signatures the paper needs: «Принял», «Сдал». */
  signatures: string[];
  /** The reason a manager voided the record it prints: stamped on the paper, which then proves nothing that counts. */
  voided?: string;
}

let money: Intl.NumberFormat | undefined;
let whole: Intl.NumberFormat | undefined;
/**
 * A sum on paper: «1 234 ₽», and with kopecks where there are any («1 234,50 ₽»: wholesale prices have them), always
 * two digits of them as a paper writes kopecks.
 */
export const paperMoney = (value: number): string => {
  const kopecks = Math.round(value * 100);
  const format = kopecks % 100 === 0 ? (whole ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 })) : (money ??= new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  return `${format.format(kopecks / 100)} ₽`;
};

let qty: Intl.NumberFormat | undefined;
/** A quantity on paper: «12», «1,5». */
export const paperQty = (value: number): string => (qty ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 })).format(value);

let dayFormat: Intl.DateTimeFormat | undefined;
/** The paper's date as papers write it: «25 ноября 2026 г.». */
export const paperDay = (day: string): string => (dayFormat ??= new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).format(new Date(`${day}T00:00:00Z`));
