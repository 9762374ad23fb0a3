import { csvAmount, csvStart, csvLine } from '@app/shared';
import type { salesJournal } from './journal';
import type { vatSummary } from './vat';

// The journal as the accountant imports it: CSV for French Excel and accounting software (one
// line per debit or credit: date, journal, account, label, piece, debit, credit), and an Excel
// workbook with the same lines (real dates and numbers) and the VAT figures.

type Journal = Awaited<ReturnType<typeof salesJournal>>;
type Vat = Awaited<ReturnType<typeof vatSummary>>;

export const JOURNAL_COLUMNS = ['Date', 'Journal', 'Compte', 'Libellé', 'Pièce', 'Débit', 'Crédit'];

const frenchDate = (day: string) => day.split('-').reverse().join('/');

/** The journal's lines, each with its entry's date, journal, piece and label. */
function* lines(journal: Journal) {
  for (const entry of journal.entries)
    for (const line of entry.lines)
      yield {
        date: entry.date,
        journal: entry.journal,
        account: line.account,
        label: `${entry.label} · ${line.label}`,
        piece: entry.piece,
        debit: line.debit,
        credit: line.credit,
      };
}

export function journalCsv(journal: Journal): string {
  let out = csvStart(JOURNAL_COLUMNS);
  for (const l of lines(journal))
    out += csvLine([frenchDate(l.date), l.journal, l.account, l.label, l.piece, csvAmount(l.debit), csvAmount(l.credit)]);
  return out;
}

/** The workbook: « Journal » (with its totals), « TVA » (the month's figures, when asked for one). */
export async function journalWorkbook(journal: Journal, vat: Vat | null): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Boutique';
  const sheet = book.addWorksheet('Journal', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Date', key: 'date', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    { header: 'Journal', key: 'journal', width: 8 },
    { header: 'Compte', key: 'account', width: 10 },
    { header: 'Libellé', key: 'label', width: 60 },
    { header: 'Pièce', key: 'piece', width: 16 },
    { header: 'Débit', key: 'debit', width: 14, style: { numFmt: '#,##0' } },
    { header: 'Crédit', key: 'credit', width: 14, style: { numFmt: '#,##0' } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const l of lines(journal))
    sheet.addRow({
      date: new Date(`${l.date}T00:00:00Z`),
      journal: l.journal,
      // Text: « 4431 » stays the account, never a number to sum.
      account: l.account,
      label: l.label,
      piece: l.piece,
      debit: l.debit,
      credit: l.credit,
    });
  const total = sheet.addRow({ label: 'Totaux', debit: journal.totals.debit, credit: journal.totals.credit });
  total.font = { bold: true };
  if (vat) {
    const figures = book.addWorksheet('TVA');
    figures.columns = [
      { header: 'Groupe de taxe', key: 'label', width: 36 },
      { header: 'Taux (%)', key: 'rate', width: 10 },
      { header: 'Ventes TTC', key: 'salesTtc', width: 16, style: { numFmt: '#,##0' } },
      { header: 'Avoirs TTC', key: 'returnsTtc', width: 16, style: { numFmt: '#,##0' } },
      { header: 'Base imposable (HT)', key: 'base', width: 20, style: { numFmt: '#,##0' } },
      { header: 'TVA', key: 'vat', width: 14, style: { numFmt: '#,##0' } },
    ];
    figures.getRow(1).font = { bold: true };
    for (const g of vat.groups)
      figures.addRow({ label: g.label, rate: g.rate, salesTtc: g.sales.ttc, returnsTtc: g.returns.ttc, base: g.base, vat: g.vat });
    figures.addRow({ label: 'Total', base: vat.taxable + vat.exempt, vat: vat.vat }).font = { bold: true };
    figures.addRow({});
    figures.addRow({
      label: vat.source === 'invoices' ? 'Source : factures normalisées (e-MECeF)' : 'Source : commandes (e-MECeF non activé)',
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
