/** One row of a CSV text and the line it starts on (1-based; a quoted cell may span lines). */
export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * Reads CSV as RFC 4180 writes it (and Excel saves it): comma or semicolon (the first line decides), cells in double
 * quotes may hold separators, quotes ("") and line breaks; CRLF or LF. Empty lines are skipped. null when the text is
 * not CSV at all (a quote never closed, a NUL byte of a binary file).
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
    cells.push(cell);
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
      cells.push(cell);
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

const cellOf = (value: string) => (/[",;\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Rows as CSV text, comma-separated, CRLF line ends, quoting only the cells that need it. */
export const formatCsv = (rows: string[][]): string => rows.map((r) => r.map(cellOf).join(',')).join('\r\n') + '\r\n';
