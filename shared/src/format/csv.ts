// Quotes every cell; a leading =, +, - or @ is neutralised so a spreadsheet never runs it as a formula.
const cell = (value: string) => `"${(/^[=+\-@]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** CSV with a BOM and ';' separators: what French Excel opens directly. */
export function toCsv(header: string[], rows: string[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}
