/**
 * The PDF of a sales document (fattura, nota di credito, proforma, preventivo): a pure renderer, from the
 * object db/documents/pdf.ts gathers to the file's bytes. Fonts are DejaVu Sans, committed beside this
 * file (no network at run time); amounts and dates in the Italian formats of lib/format.ts.
 * Server code (it reads the font files), but without `import "server-only"`: react-pdf's reconciler needs the
 * full React build, never the react-server one that the `server-only` guard's condition selects, so the tests
 * and bench:documents-pdf load it under plain Node conditions. Its only callers are server modules.
 */
import path from "node:path";
import { Document, Font, Image, Link, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import type { ReactElement, ReactNode } from "react";
import { formatDate, formatMoney, formatPercent, formatScaled, parseStoredDecimal } from "@/lib/format";
import { DOCUMENT_WORDINGS } from "@/lib/invoice-calculation";
import { policyOf } from "@/lib/documents/policy";
import type { DocumentKind, DocumentRowType, InvoiceTotals } from "@/lib/schemas/invoice";

/** The document's required wordings (lib/invoice-calculation.ts: the form shows the same). */
export const PDF_WORDINGS = DOCUMENT_WORDINGS;

export interface PdfParty {
  name: string;
  vatNumber: string;
  /** Country of the VAT number ("IT"), shown before it. */
  vatCountry?: string;
  fiscalCode: string;
  address: string;
  postalCode: string;
  city: string;
  province: string;
  country?: string;
  phone?: string;
  email?: string;
  pec?: string;
  sdiCode?: string;
}

export interface PdfRow {
  rowType: DocumentRowType;
  description: string;
  hideAmount: boolean;
  /** Dot decimal ("1.5"). */
  quantity: string;
  /** Unit price, cents. */
  unitPrice: number;
  /** Row amount (quantity × price, rounded), cents. */
  amount: number;
  /** "22%", "0% N2.2". */
  vatLabel: string;
}

export interface PdfVatLine {
  /** "22%", "0% N2.2". */
  label: string;
  /** The natura's wording, for 0% rates. */
  description?: string;
  taxable: number;
  vat: number;
  splitPayment: boolean;
}

export interface PdfBankAccount {
  type: "Conto bancario" | "Altro";
  name: string;
  iban: string;
  url: string;
}

export interface PdfDeadline {
  date: string;
  amount: number;
  state: string;
  bankAccount: PdfBankAccount | null;
}

export interface InvoicePdfInput {
  kind: DocumentKind;
  documentType: string;
  /** "12/A"; null for a Bozza. */
  number: string | null;
  /** yyyy-MM-dd */
  date: string;
  seller: PdfParty;
  buyer: PdfParty;
  /** PNG or JPEG bytes of the tenant's logo. */
  logo: { data: Buffer; format: "png" | "jpg" } | null;
  address: string;
  details: string;
  rows: PdfRow[];
  vatSummary: PdfVatLine[];
  totals: InvoiceTotals;
  inpsRevengeName: string;
  inpsRevenge: string;
  professionistFundName: string;
  professionistFund: string;
  withholdingTaxPercentage: string;
  /** Virtual stamp due on the document (charged or borne by the issuer). */
  stampDue: boolean;
  stampCharged: boolean;
  /** Stamp value (cents), also when borne by the issuer. */
  stampValue: number;
  isForfettario: boolean;
  splitPayment: boolean;
  splitPaymentVat: number;
  deadlines: PdfDeadline[];
  footer: string;
  paDocument: { type: string | null; number: string; date: string | null; cig: string; cup: string } | null;
  /** A credit note: the invoice it corrects (number and date), as its XML's DatiFattureCollegate. */
  corrects?: { number: string; date: string | null } | null;
}

const FONT = "DejaVuSans";
let fontsRegistered = false;

/** The fonts ship with the repository: the server (npm start, tests, benches) runs from its root. */
function registerFonts(): void {
  if (fontsRegistered) return;
  const dir = path.join(process.cwd(), "lib/pdf/fonts");
  Font.register({
    family: FONT,
    fonts: [
      { src: path.join(dir, "DejaVuSans.ttf"), fontWeight: "normal" },
      { src: path.join(dir, "DejaVuSans-Bold.ttf"), fontWeight: "bold" },
    ],
  });
  // words are never split with hyphens (codes, IBANs, amounts)
  Font.registerHyphenationCallback((word) => [word]);
  fontsRegistered = true;
}

const GREY = "#555555";
const LINE = "#bbbbbb";

const s = StyleSheet.create({
  page: { fontFamily: FONT, fontSize: 8.5, paddingTop: 36, paddingBottom: 56, paddingHorizontal: 36, color: "#111111" },
  header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 14 },
  logo: { maxWidth: 170, maxHeight: 60, objectFit: "contain" },
  sellerBlock: { width: 260, textAlign: "right" },
  bold: { fontWeight: "bold" },
  grey: { color: GREY },
  parties: { flexDirection: "row", justifyContent: "space-between", marginBottom: 12 },
  titleBlock: { width: 240 },
  title: { fontSize: 15, fontWeight: "bold", marginBottom: 3 },
  buyerBlock: { width: 260, borderWidth: 0.5, borderColor: LINE, padding: 6 },
  label: { fontSize: 7, color: GREY, marginBottom: 2 },
  notice: { fontWeight: "bold", marginTop: 4 },
  tableHeader: { flexDirection: "row", borderBottomWidth: 0.8, borderBottomColor: "#333333", paddingVertical: 3, fontWeight: "bold", fontSize: 7.5 },
  row: { flexDirection: "row", borderBottomWidth: 0.3, borderBottomColor: LINE, paddingVertical: 2.5 },
  section: { paddingTop: 6, paddingBottom: 2.5, borderBottomWidth: 0.3, borderBottomColor: LINE, fontWeight: "bold" },
  cDesc: { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingRight: 4 },
  cQty: { width: 50, textAlign: "right" },
  cPrice: { width: 70, textAlign: "right" },
  cVat: { width: 58, textAlign: "right" },
  cAmount: { width: 72, textAlign: "right" },
  bottom: { flexDirection: "row", justifyContent: "space-between", marginTop: 12 },
  leftCol: { width: 270 },
  rightCol: { width: 230 },
  boxTitle: { fontWeight: "bold", fontSize: 8, marginBottom: 3, marginTop: 6 },
  sumRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 1.5 },
  netRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 3, marginTop: 3, borderTopWidth: 0.8, borderTopColor: "#333333", fontWeight: "bold", fontSize: 10 },
  vatRow: { flexDirection: "row", paddingVertical: 1.5 },
  vLabel: { width: 60 },
  vTaxable: { width: 80, textAlign: "right" },
  vVat: { width: 70, textAlign: "right" },
  wording: { marginTop: 3, fontSize: 7.5 },
  deadline: { marginBottom: 4 },
  link: { color: "#1a4fa0", textDecoration: "underline" },
  footer: { position: "absolute", left: 36, right: 36, bottom: 20, fontSize: 7, color: GREY, borderTopWidth: 0.5, borderTopColor: LINE, paddingTop: 4 },
  footerLine: { flexDirection: "row", justifyContent: "space-between" },
  footerText: { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingRight: 8 },
});

const money = (cents: number) => `€ ${formatMoney(cents)}`;

/** "1.5" → "1,5". */
function formatQuantity(q: string): string {
  const scaled = parseStoredDecimal(q, 8);
  return scaled === null ? q : formatScaled(scaled, 8, { trimZeros: true });
}

/** "22.00" → "22%". */
function percentLabel(p: string): string {
  const scaled = parseStoredDecimal(p, 2);
  return scaled === null ? p : formatPercent(scaled);
}

const isPositive = (p: string) => Number(p) > 0;

/** The rows' amounts: the imponibile less the contributions and the recharged stamp. */
function rowsTotalOf(input: InvoicePdfInput): number {
  const t = input.totals;
  return t.taxable - t.inpsRevengeAmount - t.professionistFundAmount - (input.stampCharged ? t.stampAmount : 0);
}

function partyLines(p: PdfParty): string[] {
  const place = [p.postalCode, p.city, p.province ? `(${p.province})` : ""].filter(Boolean).join(" ");
  const country = p.country && p.country !== "IT" ? p.country : "";
  return [
    p.address,
    [place, country].filter(Boolean).join(" - "),
    p.vatNumber ? `P.IVA ${p.vatCountry && p.vatCountry !== "IT" ? p.vatCountry : ""}${p.vatNumber}` : "",
    p.fiscalCode && p.fiscalCode !== p.vatNumber ? `C.F. ${p.fiscalCode}` : "",
  ].filter(Boolean);
}

function SumLine({ label, value, bold }: { label: string; value: string; bold?: boolean }) {
  return (
    <View style={s.sumRow}>
      <Text style={bold ? s.bold : undefined}>{label}</Text>
      <Text style={bold ? s.bold : undefined}>{value}</Text>
    </View>
  );
}

function RowsHeader() {
  return (
    <View style={s.tableHeader}>
      <Text style={s.cDesc}>Descrizione</Text>
      <Text style={s.cQty}>Quantità</Text>
      <Text style={s.cPrice}>Prezzo</Text>
      <Text style={s.cVat}>IVA</Text>
      <Text style={s.cAmount}>Importo</Text>
    </View>
  );
}

function RowLine({ row }: { row: PdfRow }) {
  if (row.rowType === "SEZIONE") {
    return (
      <View style={s.section} wrap={false}>
        <Text>{row.description}</Text>
      </View>
    );
  }
  if (row.hideAmount) {
    return (
      <View style={s.row} wrap={false}>
        <Text style={s.cDesc}>{row.description}</Text>
      </View>
    );
  }
  return (
    <View style={s.row} wrap={false}>
      <Text style={s.cDesc}>{row.description}</Text>
      <Text style={s.cQty}>{formatQuantity(row.quantity)}</Text>
      <Text style={s.cPrice}>{formatMoney(row.unitPrice)}</Text>
      <Text style={s.cVat}>{row.vatLabel}</Text>
      <Text style={s.cAmount}>{formatMoney(row.amount)}</Text>
    </View>
  );
}

/** The top of a continuation page: the document's title and the rows' header. */
function Continued({ title, fixed }: { title: string; fixed?: boolean }) {
  return (
    <View fixed={fixed}>
      <Text style={[s.grey, { marginBottom: 4 }]}>{title} (segue)</Text>
      <RowsHeader />
    </View>
  );
}

// Rows are laid out on pages of our own: react-pdf's page splitting of one long flow costs more than the
// layout itself (200 rows: ~0.6 s instead of ~0.4 s). Heights are estimated on the high side (DejaVu Sans
// 8.5 pt: ~50 characters per line of the description column); a page that still overflows is split by
// react-pdf all the same, with the fixed header and footer.
const CONTENT_HEIGHT = 842 - 36 - 56;
const LINE_HEIGHT = 10.4;
const CHARS_PER_LINE = 50;

function linesOf(text: string, chars: number): number {
  return text.split("\n").reduce((n, para) => n + Math.max(1, Math.ceil(para.length / chars)), 0);
}

function rowHeight(row: PdfRow): number {
  const lines = linesOf(row.description, row.hideAmount || row.rowType === "SEZIONE" ? CHARS_PER_LINE + 30 : CHARS_PER_LINE);
  return (row.rowType === "SEZIONE" ? 9 : 5.5) + lines * LINE_HEIGHT;
}

/** The first page's blocks above the rows: logo and seller, title and buyer, details, the rows' header. */
function firstPageTop(input: InvoicePdfInput): number {
  const sellerLines = 3 + partyLines(input.seller).length;
  const buyerLines = 6 + (input.paDocument ? 3 : 0);
  return Math.max(60, sellerLines * LINE_HEIGHT) + 14 + Math.max(buyerLines * LINE_HEIGHT + 12, 70) + 12 + (input.details ? linesOf(input.details, 110) * LINE_HEIGHT + 8 : 0) + 16;
}

/** The rows split into pages: the first page's share, then the continuation pages'. */
function paginateRows(input: InvoicePdfInput): PdfRow[][] {
  const pages: PdfRow[][] = [[]];
  let room = CONTENT_HEIGHT - firstPageTop(input);
  for (const row of input.rows) {
    const h = rowHeight(row);
    if (h > room && pages[pages.length - 1].length > 0) {
      pages.push([]);
      room = CONTENT_HEIGHT - 30;
    }
    pages[pages.length - 1].push(row);
    room -= h;
  }
  return pages;
}

function DeadlineLine({ d }: { d: PdfDeadline }) {
  const bank = d.bankAccount;
  let payment: ReactNode = null;
  if (bank?.type === "Altro" && bank.url) {
    payment = (
      <Text>
        {bank.name}:{" "}
        <Link src={bank.url} style={s.link}>
          {bank.url}
        </Link>
      </Text>
    );
  } else if (bank) {
    payment = <Text>{bank.iban ? `${bank.name} - IBAN ${bank.iban}` : bank.name}</Text>;
  }
  return (
    <View style={s.deadline} wrap={false}>
      <Text>
        <Text style={s.bold}>{formatDate(d.date)}</Text> {money(d.amount)}
        {d.state !== "Da saldare" ? ` (${d.state})` : ""}
      </Text>
      {payment}
    </View>
  );
}

/** The document's title line: 'Fattura n. 12/A del 05/03/2026'. */
export function pdfTitle(input: Pick<InvoicePdfInput, "kind" | "number" | "date">): string {
  return `${policyOf(input.kind).pdf.title} ${input.number ? `n. ${input.number}` : "(bozza)"} del ${formatDate(input.date)}`;
}

/** The required wordings of the document (proforma, bollo virtuale, forfettario, split payment). */
export function pdfWordings(input: Pick<InvoicePdfInput, "kind" | "stampDue" | "isForfettario" | "splitPayment">): string[] {
  const out: string[] = [];
  const { notice, stampWording } = policyOf(input.kind).pdf;
  if (notice) out.push(PDF_WORDINGS[notice]);
  if (input.stampDue && stampWording) out.push(PDF_WORDINGS.stamp);
  if (input.isForfettario) out.push(PDF_WORDINGS.forfettario);
  if (input.splitPayment) out.push(PDF_WORDINGS.splitPayment);
  return out;
}

function InvoiceDocument({ input }: { input: InvoicePdfInput }): ReactElement {
  const { seller, buyer, totals } = input;
  const wordings = pdfWordings(input);
  const title = pdfTitle(input);
  const policy = policyOf(input.kind);
  const pa = input.paDocument;
  const chunks = paginateRows(input);
  const bottom = (
    <>
      <View style={s.bottom} wrap={false}>
        <View style={s.leftCol}>
          <Text style={s.boxTitle}>Riepilogo IVA</Text>
          <View style={[s.vatRow, s.bold]}>
            <Text style={s.vLabel}>Aliquota</Text>
            <Text style={s.vTaxable}>Imponibile</Text>
            <Text style={s.vVat}>Imposta</Text>
          </View>
          {input.vatSummary.map((v, i) => (
            <View key={i}>
              <View style={s.vatRow}>
                <Text style={s.vLabel}>{v.label}</Text>
                <Text style={s.vTaxable}>{formatMoney(v.taxable)}</Text>
                <Text style={s.vVat}>{formatMoney(v.vat)}</Text>
              </View>
              {v.description ? <Text style={[s.grey, { fontSize: 7 }]}>{v.description}</Text> : null}
            </View>
          ))}
          {wordings.length ? (
            <View style={{ marginTop: 6 }}>
              {wordings.map((w) => (
                <Text key={w} style={s.wording}>
                  {w}
                </Text>
              ))}
            </View>
          ) : null}
        </View>
        <View style={s.rightCol}>
          <Text style={s.boxTitle}>Totali</Text>
          <SumLine label="Totale righe" value={money(rowsTotalOf(input))} />
          {totals.inpsRevengeAmount ? <SumLine label={`${input.inpsRevengeName || "Rivalsa INPS"} ${percentLabel(input.inpsRevenge)}`} value={money(totals.inpsRevengeAmount)} /> : null}
          {totals.professionistFundAmount ? (
            <SumLine label={`${input.professionistFundName || "Cassa professionisti"} ${isPositive(input.professionistFund) ? percentLabel(input.professionistFund) : ""}`.trim()} value={money(totals.professionistFundAmount)} />
          ) : null}
          {input.stampCharged ? <SumLine label="Imposta di bollo" value={money(totals.stampAmount)} /> : null}
          <SumLine label="Imponibile" value={money(totals.taxable)} />
          <SumLine label="IVA" value={money(totals.totalVat)} />
          <SumLine label="Totale documento" value={money(totals.total)} bold />
          {input.stampDue && !input.stampCharged ? <SumLine label="Imposta di bollo a carico dell'emittente" value={money(input.stampValue)} /> : null}
          {totals.withholdingTaxAmount ? <SumLine label={`Ritenuta d'acconto ${percentLabel(input.withholdingTaxPercentage)}`} value={`- ${money(totals.withholdingTaxAmount)}`} /> : null}
          {input.splitPaymentVat ? <SumLine label="IVA in scissione dei pagamenti" value={`- ${money(input.splitPaymentVat)}`} /> : null}
          <View style={s.netRow}>
            <Text>Netto a pagare</Text>
            <Text>{money(totals.netToPay)}</Text>
          </View>
        </View>
      </View>

      {input.deadlines.length ? (
        <View wrap={false}>
          <Text style={s.boxTitle}>Scadenze</Text>
          {input.deadlines.map((d, i) => (
            <DeadlineLine key={i} d={d} />
          ))}
        </View>
      ) : null}
    </>
  );
  const footer = (
    <View style={s.footer} fixed>
      <View style={s.footerLine}>
        <Text style={s.footerText}>{input.footer}</Text>
        <Text render={({ pageNumber, totalPages }) => `Pagina ${pageNumber} di ${totalPages}`} />
      </View>
    </View>
  );
  return (
    <Document title={title} author={seller.name} creator="Gestionale" producer="Gestionale" language="it">
      <Page size="A4" style={s.page}>
        {/* a page of rows that overflowed our estimate repeats the title and the rows' header too */}
        <View fixed render={({ pageNumber }) => (pageNumber > 1 ? <Continued title={title} /> : null)} />
        <View style={s.header}>
          <View>{input.logo ? <Image style={s.logo} src={{ data: input.logo.data, format: input.logo.format }} /> : null}</View>
          <View style={s.sellerBlock}>
            <Text style={[s.bold, { fontSize: 10 }]}>{seller.name}</Text>
            {partyLines(seller).map((l, i) => (
              <Text key={i}>{l}</Text>
            ))}
            {seller.phone ? <Text>Tel. {seller.phone}</Text> : null}
            {seller.email ? <Text>{seller.email}</Text> : null}
          </View>
        </View>
        <View style={s.parties}>
          <View style={s.titleBlock}>
            <Text style={s.title}>{policy.pdf.title}</Text>
            <Text>
              Numero: <Text style={s.bold}>{input.number ?? "bozza"}</Text>
            </Text>
            <Text>
              Data: <Text style={s.bold}>{formatDate(input.date)}</Text>
            </Text>
            {policy.xml ? <Text style={s.grey}>Tipo documento {input.documentType}</Text> : null}
            {policy.pdf.notice ? <Text style={s.notice}>{PDF_WORDINGS[policy.pdf.notice]}</Text> : null}
            {input.corrects ? <Text>{`Rettifica della fattura n. ${input.corrects.number}${input.corrects.date ? ` del ${formatDate(input.corrects.date)}` : ""}`}</Text> : null}
            {pa && (pa.number || pa.cig || pa.cup) ? (
              <View style={{ marginTop: 4 }}>
                {pa.number ? <Text>{`${pa.type ?? "Documento"} n. ${pa.number}${pa.date ? ` del ${formatDate(pa.date)}` : ""}`}</Text> : null}
                {pa.cig ? <Text>CIG {pa.cig}</Text> : null}
                {pa.cup ? <Text>CUP {pa.cup}</Text> : null}
              </View>
            ) : null}
          </View>
          <View style={s.buyerBlock}>
            <Text style={s.label}>{policy.pdf.recipient}</Text>
            <Text style={s.bold}>{buyer.name}</Text>
            {(input.address ? [input.address, ...partyLines(buyer).slice(2)] : partyLines(buyer)).map((l, i) => (
              <Text key={i}>{l}</Text>
            ))}
            {buyer.sdiCode && buyer.sdiCode !== "0000000" ? <Text>Codice destinatario {buyer.sdiCode}</Text> : null}
            {buyer.pec ? <Text>PEC {buyer.pec}</Text> : null}
          </View>
        </View>
        {input.details ? <Text style={{ marginBottom: 8 }}>{input.details}</Text> : null}

        <RowsHeader />
        {chunks[0].map((row, i) => (
          <RowLine key={i} row={row} />
        ))}
        {chunks.length === 1 ? bottom : null}
        {footer}
      </Page>
      {chunks.slice(1).map((rows, k) => (
        <Page key={k} size="A4" style={s.page}>
          <Continued title={title} fixed />
          {rows.map((row, i) => (
            <RowLine key={i} row={row} />
          ))}
          {k === chunks.length - 2 ? bottom : null}
          {footer}
        </Page>
      ))}
    </Document>
  );
}

/** The document's PDF bytes. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(<InvoiceDocument input={input} />);
}

/** 'Fattura_12-A_2026.pdf', 'Preventivo_bozza_2026.pdf'. */
export function invoicePdfFilename(input: Pick<InvoicePdfInput, "kind" | "number" | "date">): string {
  const name = policyOf(input.kind).pdf.title.replace(/\s+/g, "_");
  const number = (input.number ?? "bozza").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${name}_${number || "bozza"}_${input.date.slice(0, 4)}.pdf`;
}
