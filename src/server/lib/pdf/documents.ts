import fs from 'node:fs';
import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';
import { roDay, roMoney, roNumber } from '../documentFormat.js';
import { code128Widths } from './code128.js';

/**
 * The PDFs the emulators hand out (an AWB label and an invoice) and the console's own picking list. DejaVu Sans is embedded (subset)
 * so Romanian diacritics (ă â î ș ț) print as themselves; the standard PDF fonts lack ș and ț.
 *
 * pdfkit and fontkit are imported on the first document, not when the server starts: importing them
 * unpacks Unicode tables (about half a second of CPU and tens of MB) that a server which never
 * prints a label does not need.
 */

const require = createRequire(import.meta.url);
type PdfLib = { PDFDocument: typeof PDFKit; regular: FontSource; bold: FontSource };
let lib: Promise<PdfLib> | undefined;
// Parsed once (a third of a second each): every document embeds a subset of these.
const PDF = (): Promise<PdfLib> =>
  (lib ??= Promise.all([import('fontkit'), import('pdfkit')]).then(([fontkit, pdfkit]) => {
    const loadFont = (file: string): FontSource =>
      fontkit.create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as unknown as FontSource;
    return { PDFDocument: pdfkit.default, regular: loadFont('DejaVuSans.ttf'), bold: loadFont('DejaVuSans-Bold.ttf') };
  }));

/** Loads pdfkit and parses the fonts now rather than during the first document (emulators started alone). */
export async function preparePdfFonts(): Promise<void> {
  await PDF();
}

type Doc = PDFKit.PDFDocument;
/** pdfkit takes a parsed fontkit font where its types say a path or bytes. */
type FontSource = string;

async function render(
  size: [number, number] | 'A4',
  draw: (doc: Doc) => void,
  info: { Title: string },
  margin = 24,
): Promise<Buffer> {
  const { PDFDocument, regular, bold } = await PDF();
  return new Promise((resolve, reject) => {
    // A fixed creation date keeps the same document byte-identical between runs.
    const doc = new PDFDocument({
      size,
      margin,
      info: { ...info, Producer: 'seller-console emulator', CreationDate: new Date(0) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', regular);
    doc.registerFont('bold', bold);
    doc.font('regular');
    draw(doc);
    doc.end();
  });
}

/** Draws `text` as a Code 128 barcode filling `width` points, at (x, y). */
function barcode(doc: Doc, text: string, x: number, y: number, width: number, height: number): void {
  const widths = code128Widths(text);
  const quiet = 10; // modules of blank margin each side, as scanners need
  const modules = widths.reduce((a, b) => a + b, 0) + 2 * quiet;
  const unit = width / modules;
  let cx = x + quiet * unit;
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(cx, y, w * unit, height).fill('#000000');
    cx += w * unit;
  });
}

export interface LabelParty {
  name: string;
  contact?: string | null;
  phone?: string | null;
  /** Address lines, top to bottom. */
  lines: string[];
}

export interface AwbLabel {
  courier: string;
  awbNumber: string;
  service: string;
  createdAt: Date;
  sender: LabelParty;
  recipient: LabelParty;
  parcels: number;
  weightKg: number;
  /** Cash on delivery, already formatted ("1.199,90 RON": documentFormat.ts's roMoney), or null. */
  cod: string | null;
  content: string;
  reference: string | null;
  observations?: string | null;
  /** A4, or a thermal printer's label page (A6: the courier's own label size, `labelMm`). */
  format: 'A4' | 'A6';
  /** The A6 page in mm as the courier makes it (width, height); 105 × 148 (ISO A6) when left out. */
  labelMm?: readonly [number, number];
}

/** The label pages the couriers make: ISO A6, and the 100 × 150 mm thermal roll label. */
export const LABEL_PAGES_MM = { a6: [105, 148], roll: [100, 150] } as const satisfies Record<
  string,
  readonly [number, number]
>;

const MM = 72 / 25.4;

/**
 * Courier labels, one page each: the AWB number as a barcode and in clear, both addresses,
 * parcels, COD. `format` of the first label decides the page: the courier's label page (A6) or A4.
 */
export function awbLabelPdf(labels: AwbLabel | AwbLabel[]): Promise<Buffer> {
  const all = [labels].flat();
  if (all.length === 0) throw new Error('no label to print');
  const [wMm, hMm] = all[0].labelMm ?? LABEL_PAGES_MM.a6;
  // Rounded down to the point, so the page never exceeds the label's millimetres.
  const labelSize: [number, number] = [Math.floor(wMm * MM), Math.floor(hMm * MM)];
  const size: [number, number] | 'A4' = all[0].format === 'A6' ? labelSize : 'A4';
  // A label page is small: smaller type and margins, and each free text held to two lines (cut
  // with an ellipsis), so one label is always one page (pdfkit would start a page for an overflow).
  const small = size !== 'A4';
  const k = small ? 0.78 : 1;
  const margin = small ? 14 : 24;
  const free = (fontSize: number, lines: number) => (small ? { height: fontSize * 1.25 * lines, ellipsis: true } : {});
  return render(
    size,
    (doc) =>
      all.forEach((label, i) => {
        if (i > 0) doc.addPage({ size, margin });
        const w = (size === 'A4' ? 595 : labelSize[0]) - 2 * margin;
        const x = margin;
        let y = margin;
        doc
          .font('bold')
          .fontSize(16 * k)
          .text(label.courier, x, y, { width: w / 2 });
        doc
          .font('regular')
          .fontSize(9 * k)
          .text(`${label.service}\n${roDay(label.createdAt.toISOString())}`, x + w / 2, y, {
            width: w / 2,
            align: 'right',
          });
        y += 36 * k;
        barcode(doc, label.awbNumber, x, y, w, 60 * k);
        y += 64 * k;
        doc
          .font('bold')
          .fontSize(13 * k)
          .fillColor('#000000')
          .text(`AWB ${label.awbNumber}`, x, y, { width: w, align: 'center' });
        y += 22 * k;
        const party = (title: string, p: LabelParty) => {
          doc
            .moveTo(x, y)
            .lineTo(x + w, y)
            .lineWidth(0.5)
            .stroke();
          y += 4 * k;
          doc
            .font('bold')
            .fontSize(8 * k)
            .text(title, x, y);
          y = doc.y + 1;
          doc
            .font('bold')
            .fontSize(11 * k)
            .text(p.name, x, y, { width: w, ...free(11 * k, 1) });
          doc.font('regular').fontSize(9 * k);
          for (const line of [
            ...p.lines,
            p.contact ? `Contact: ${p.contact}` : null,
            p.phone ? `Tel: ${p.phone}` : null,
          ]) {
            if (line) doc.text(line, x, doc.y, { width: w, ...free(9 * k, 2) });
          }
          y = doc.y + 6 * k;
        };
        party('EXPEDITOR / SENDER', label.sender);
        party('DESTINATAR / RECIPIENT', label.recipient);
        doc
          .moveTo(x, y)
          .lineTo(x + w, y)
          .stroke();
        y += 6 * k;
        doc.font('regular').fontSize(9 * k);
        doc.text(`Colete / parcels: ${label.parcels}    Greutate / weight: ${amount(label.weightKg)} kg`, x, y, {
          width: w,
        });
        doc.text(`Conținut / content: ${label.content}`, x, doc.y, { width: w, ...free(9 * k, 2) });
        if (label.reference) doc.text(`Ref: ${label.reference}`, x, doc.y, { width: w, ...free(9 * k, 1) });
        if (label.observations) doc.text(`Obs: ${label.observations}`, x, doc.y, { width: w, ...free(9 * k, 2) });
        doc
          .font('bold')
          .fontSize(14 * k)
          .text(label.cod ? `RAMBURS / COD: ${label.cod}` : 'FĂRĂ RAMBURS / NO COD', x, doc.y + 6 * k, { width: w });
      }),
    { Title: `AWB ${all.map((l) => l.awbNumber).join(', ')}` },
    margin,
  );
}

export interface InvoiceParty {
  name: string;
  vatCode?: string | null;
  regCom?: string | null;
  lines: string[];
}

export interface InvoiceDocLine {
  name: string;
  unit: string;
  quantity: number;
  /** Unit price without VAT, bani. */
  unitNetBani: number;
  vatPercentage: number;
  netBani: number;
  vatBani: number;
}

export interface InvoiceDocument {
  title: string;
  series: string;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  seller: InvoiceParty;
  client: InvoiceParty;
  lines: InvoiceDocLine[];
  totalNetBani: number;
  totalVatBani: number;
  totalBani: number;
  mentions?: string | null;
  /** Printed across the page (ANULATĂ for a cancelled invoice), or null. */
  stamp?: string | null;
}

// Every number of a document in the Romanian form (lib/documentFormat.ts): "1.234,56".
const money = roMoney;
/** A quantity, weight or percentage: whole as it is ("1.000"), else with two decimals ("1,50"). */
const amount = (n: number) => roNumber(n, Number.isInteger(n) ? 0 : 2);

/** An invoice: both parties, one row per line with its VAT, then net, VAT and total. */
export function invoicePdf(inv: InvoiceDocument): Promise<Buffer> {
  return render(
    'A4',
    (doc) => {
      const x = 40;
      const w = 515;
      doc.font('bold').fontSize(20).text(inv.title, x, 40);
      doc.font('regular').fontSize(10).text(`Seria ${inv.series} nr. ${inv.number}`, x, doc.y);
      doc.text(
        `Data emiterii: ${roDay(inv.issueDate)}${inv.dueDate ? `    Scadență: ${roDay(inv.dueDate)}` : ''}`,
        x,
        doc.y,
      );
      const top = doc.y + 14;
      const party = (title: string, p: InvoiceParty, px: number) => {
        doc.font('bold').fontSize(9).text(title, px, top, { width: 240 });
        doc.font('bold').fontSize(11).text(p.name, px, doc.y, { width: 240 });
        doc.font('regular').fontSize(9);
        if (p.vatCode) doc.text(`CIF: ${p.vatCode}`, px, doc.y, { width: 240 });
        if (p.regCom) doc.text(`Reg. Com.: ${p.regCom}`, px, doc.y, { width: 240 });
        for (const l of p.lines) doc.text(l, px, doc.y, { width: 240 });
        return doc.y;
      };
      const bottom = Math.max(party('FURNIZOR', inv.seller, x), party('CLIENT', inv.client, x + 275));
      let y = bottom + 20;
      const cols = [
        { title: 'Nr.', x: x, w: 22, align: 'left' as const },
        { title: 'Denumire', x: x + 24, w: 200, align: 'left' as const },
        { title: 'U.M.', x: x + 226, w: 34, align: 'left' as const },
        { title: 'Cant.', x: x + 262, w: 44, align: 'right' as const },
        { title: 'Preț fără TVA', x: x + 308, w: 66, align: 'right' as const },
        { title: 'Valoare', x: x + 376, w: 62, align: 'right' as const },
        { title: 'TVA', x: x + 440, w: 75, align: 'right' as const },
      ];
      doc.font('bold').fontSize(8);
      for (const c of cols) doc.text(c.title, c.x, y, { width: c.w, align: c.align });
      y += 14;
      doc
        .moveTo(x, y)
        .lineTo(x + w, y)
        .lineWidth(0.5)
        .stroke();
      y += 4;
      doc.font('regular').fontSize(8);
      inv.lines.forEach((l, i) => {
        const cells = [
          String(i + 1),
          l.name,
          l.unit,
          amount(l.quantity),
          money(l.unitNetBani),
          money(l.netBani),
          `${money(l.vatBani)} (${amount(l.vatPercentage)}%)`,
        ];
        let rowBottom = y;
        cells.forEach((text, ci) => {
          doc.text(text, cols[ci].x, y, { width: cols[ci].w, align: cols[ci].align });
          rowBottom = Math.max(rowBottom, doc.y);
        });
        y = rowBottom + 4;
      });
      doc
        .moveTo(x, y)
        .lineTo(x + w, y)
        .stroke();
      y += 8;
      const total = (label: string, value: number, bold = false) => {
        doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 12 : 10);
        doc.text(label, x + 240, y, { width: 160, align: 'right' });
        doc.text(`${money(value)} ${inv.currency}`, x + 405, y, { width: 110, align: 'right' });
        y = doc.y + 4;
      };
      total('Total fără TVA', inv.totalNetBani);
      total('TVA', inv.totalVatBani);
      total('Total de plată', inv.totalBani, true);
      if (inv.mentions)
        doc
          .font('regular')
          .fontSize(9)
          .text(`Mențiuni: ${inv.mentions}`, x, y + 10, { width: w });
      if (inv.stamp) {
        doc
          .save()
          .rotate(-30, { origin: [300, 420] })
          .font('bold')
          .fontSize(72)
          .fillColor('#cc0000', 0.35)
          .text(inv.stamp, 60, 380, { width: 480, align: 'center' })
          .restore();
      }
    },
    { Title: `${inv.title} ${inv.series} ${inv.number}` },
  );
}

export interface PickingListDocument {
  title: string;
  /** Column headings: SKU, name, variation, quantity, orders. */
  headings: [string, string, string, string, string];
  lines: { sku: string; name: string; variation: string; quantity: number; orders: number }[];
  /** A line under the table (how many orders, when). */
  footer: string;
}

/** A picking list on A4: one row per SKU, the table's heading repeated on each page. */
export function pickingListPdf(list: PickingListDocument): Promise<Buffer> {
  return render(
    'A4',
    (doc) => {
      const x = 36;
      const cols = [0, 110, 300, 430, 480];
      const widths = [105, 185, 125, 45, 43];
      const bottom = 842 - 48;
      let y = 36;
      const heading = () => {
        doc.font('bold').fontSize(9);
        list.headings.forEach((h, i) =>
          doc.text(h, x + cols[i], y, { width: widths[i], align: i >= 3 ? 'right' : 'left' }),
        );
        y += 14;
        doc
          .moveTo(x, y - 3)
          .lineTo(x + 523, y - 3)
          .lineWidth(0.5)
          .stroke();
      };
      doc.font('bold').fontSize(14).text(list.title, x, y);
      y += 24;
      heading();
      for (const line of list.lines) {
        doc.font('regular').fontSize(9);
        const cells = [line.sku, line.name, line.variation, amount(line.quantity), amount(line.orders)];
        const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i] }))) + 4;
        if (y + h > bottom) {
          doc.addPage({ size: 'A4', margin: 24 });
          y = 36;
          heading();
          doc.font('regular').fontSize(9);
        }
        cells.forEach((c, i) => doc.text(c, x + cols[i], y, { width: widths[i], align: i >= 3 ? 'right' : 'left' }));
        y += h;
      }
      doc
        .font('regular')
        .fontSize(9)
        .text(list.footer, x, y + 8);
    },
    { Title: list.title },
  );
}
