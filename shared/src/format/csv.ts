// Quotes every cell; a leading =, +, - or @ is neutralised so a spreadsheet never runs it as a formula.
const cell = (value: string) => `"${(/^[=+\-@]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** One line of such a file, with its line break: a file written a few lines at a time (a stream). */
export const csvLine = (row: string[]) => `${row.map(cell).join(';')}\r\n`;

/** An amount for French Excel: no thousands separator, a decimal comma (1234,50). */
export const csvAmount = (n: unknown) => Number(n).toFixed(2).replace('.', ',');

/** What such a file starts with: the BOM French Excel reads as UTF-8, then the header line. */
export const csvStart = (header: string[]) => `\uFEFF${csvLine(header)}`;

/** CSV with a BOM and ';' separators: what French Excel opens directly. */
export function toCsv(header: string[], rows: string[][]): string {
  return csvStart(header) + rows.map(csvLine).join('');
}
