/** One row of a CSV text and the line it starts on (1-based; a quoted cell may span lines). */
interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * Reads CSV as RFC 4180 writes it (and Excel saves it): comma or semicolon (the first line decides), cells in double
 * quotes may hold separators, quotes ("") and line breaks; CRLF or LF. Empty lines are skipped. null when the text is
 * not CSV at all (a quote never closed, a NUL byte of a binary file). Each cell comes back as it was before
 * `formatCsv` neutralised it (`restoredCell`), quoted or not: a spreadsheet saving the file again may drop the quotes.
 */
export const parseCsv = (text: string): CsvRow[] | null => {
  if (text.includes('\u0000')) return null;
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRow = () => {
    cells.push(restoredCell(cell));
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      cells.push(restoredCell(cell));
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRow();
      line++;
      start = line;
    } else cell += c;
  }
  if (quoted) return null;
  if (cell !== '' || cells.length) endRow();
  return rows;
};

/** What a spreadsheet may read as a formula or a command (OWASP's CSV injection list): =, +, -, @, tab, carriage return. */
const formulaStart = /^'*[=+\-@\t\r]/;
/** A number as our exports write one (String of a number: «-1500», «12.5»): a spreadsheet reads it as a number, never a formula. */
const plainNumber = /^-?\d+(\.\d+)?$/;
const needsMark = (value: string) => formulaStart.test(value) && !plainNumber.test(value);

/**
 * A cell as written: one that a spreadsheet would run («=HYPERLINK(…)», «@SUM(A1)», «-5% скидка», «+7 916…») gets a
 * single quote in front, so it opens as text. A value that already starts with quotes before such a character gets one
 * more, so `restoredCell` is its exact inverse and an export read back is the same data.
 */
export const neutralisedCell = (value: string): string => (needsMark(value) ? `'${value}` : value);

/** The inverse of `neutralisedCell`: the one quote it added is taken off again. */
export const restoredCell = (cell: string): string => (cell.startsWith("'") && needsMark(cell.slice(1)) ? cell.slice(1) : cell);

const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;
const cellOf = (value: string) => {
  const cell = neutralisedCell(value);
  return cell !== value || /[",;\r\n]/.test(cell) || /^\s|\s$/.test(cell) ? quoted(cell) : cell;
};

/**
 * Rows as CSV text, comma-separated, CRLF line ends, quoting only the cells that need it; a formula-looking cell is
 * neutralised (`neutralisedCell`) and quoted.
 */
export const formatCsv = (rows: string[][]): string => rows.map((r) => r.map(cellOf).join(',')).join('\r\n') + '\r\n';
