/**
 * The project's own XML test corpus. `npx tsx lib/fiscal/__fixtures__/corpus.ts` rewrites the
 * files in __fixtures__/corpus/; corpus.test.ts checks the committed files are exactly what the
 * builder produces today and what the parser reads from them.
 */
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildFatturaPA } from "../xml-builder";
import { sampleDocument } from "./documents";

export const CORPUS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "corpus");

export function corpusFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  files["parcella-gestione-separata.xml"] = buildFatturaPA(sampleDocument({ tipoDocumento: "TD06" }), { progressive: "00001" }).xml;
  files["ingegnere-inarcassa.xml"] = buildFatturaPA(
    sampleDocument({ rows: [{ description: "Progettazione", unitPrice: "1000", vatRate: "22", subjectToWithholding: true }] }, { rivalsaInps: null, cassa: { type: "TC04", rate: "4" } }),
    { progressive: "00002" },
  ).xml;
  files["forfettario-bollo.xml"] = buildFatturaPA(sampleDocument({}, { regime: "RF19", rivalsaInps: "4" }), { progressive: "00003" }).xml;
  files["pa-split-payment.xml"] = buildFatturaPA(
    sampleDocument(
      {
        seller: { companyName: "Beta S.p.A.", vatNumber: "01234567897", regime: "RF01", address: { street: "Via Po", streetNumber: "3", cap: "10121", city: "Torino", province: "TO" } },
        buyer: { kind: "pa", companyName: "Comune di Prova", fiscalCode: "80012345676", codiceDestinatario: "UFABCD", splitPayment: true, address: { street: "Piazza Municipio", cap: "00100", city: "Roma", province: "RM" } },
        rows: [
          { description: "Fornitura arredi", quantity: "4", unitPrice: "250", vatRate: "22" },
          { description: "Trasporto", unitPrice: "80.5", vatRate: "10" },
        ],
        references: [{ kind: "Ordine acquisto", id: "ODA-2025-7", date: "2025-01-02", cig: "1234567890", cup: "J12B34000000001" }],
        payment: {
          method: "MP05",
          iban: "IT60X0542811101000000123456",
          modalityRows: [
            { expirationType: "Dalla data fattura", paymentDay: 30, monthsAfter: 0, amountPercentage: "50" },
            { expirationType: "Fine mese", paymentDay: 10, monthsAfter: 2, amountPercentage: "50" },
          ],
        },
      },
      { issuerIsPerson: false, rivalsaInps: null, withholding: null },
    ),
    { progressive: "00004" },
  ).xml;
  files["con-allegato.xml"] = buildFatturaPA(
    sampleDocument({ attachments: [{ name: "fattura-12-A.pdf", data: new TextEncoder().encode("%PDF-1.4 finto pdf di prova\n"), description: "Copia di cortesia" }] }),
    { progressive: "00005" },
  ).xml;
  // A lotto: two bodies, same parties (built by duplicating the body with another number).
  const single = buildFatturaPA(sampleDocument({ number: "13/A", rows: [{ description: "Assistenza", unitPrice: "200", vatRate: "22", subjectToWithholding: true }] }), { progressive: "00006" }).xml;
  const bodyStart = single.indexOf("<FatturaElettronicaBody>");
  const bodyEnd = single.indexOf("</FatturaElettronicaBody>") + "</FatturaElettronicaBody>".length;
  const second = single.slice(bodyStart, bodyEnd).replace("<Numero>13/A</Numero>", "<Numero>14/A</Numero>");
  files["lotto-due-fatture.xml"] = single.slice(0, bodyEnd) + second + single.slice(bodyEnd);
  // A supplier file as other software writes it: default namespace prefix, pretty-printed,
  // Latin-1 encoding, DataRiferimentoTerminiPagamento + GiorniTerminiPagamento, 8-decimal prices.
  files["fornitore-iso-8859-1.xml"] = SUPPLIER_LATIN1;
  return files;
}

const SUPPLIER_LATIN1 = `<?xml version="1.0" encoding="ISO-8859-1"?>
<!-- fattura di un fornitore, scritta a mano per i test -->
<ns2:FatturaElettronica versione="FPR12" xmlns:ns2="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
  <FatturaElettronicaHeader>
    <DatiTrasmissione>
      <IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>01234567897</IdCodice></IdTrasmittente>
      <ProgressivoInvio>A7</ProgressivoInvio>
      <FormatoTrasmissione>FPR12</FormatoTrasmissione>
      <CodiceDestinatario>0000000</CodiceDestinatario>
      <PECDestinatario>mario.rossi@pec.example.it</PECDestinatario>
    </DatiTrasmissione>
    <CedentePrestatore>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>01234567897</IdCodice></IdFiscaleIVA>
        <Anagrafica><Denominazione>Ferramenta Società &amp; Figli S.n.c.</Denominazione></Anagrafica>
        <RegimeFiscale>RF01</RegimeFiscale>
      </DatiAnagrafici>
      <Sede><Indirizzo>Via dell'Artigianato</Indirizzo><NumeroCivico>5/B</NumeroCivico><CAP>40100</CAP><Comune>Bologna</Comune><Provincia>BO</Provincia><Nazione>IT</Nazione></Sede>
    </CedentePrestatore>
    <CessionarioCommittente>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>12345678903</IdCodice></IdFiscaleIVA>
        <CodiceFiscale>RSSMRA85T10A562S</CodiceFiscale>
        <Anagrafica><Nome>Mario</Nome><Cognome>Rossi</Cognome></Anagrafica>
      </DatiAnagrafici>
      <Sede><Indirizzo>Via Roma</Indirizzo><CAP>00100</CAP><Comune>Roma</Comune><Provincia>RM</Provincia><Nazione>IT</Nazione></Sede>
    </CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento>
        <TipoDocumento>TD01</TipoDocumento>
        <Divisa>EUR</Divisa>
        <Data>2025-03-31</Data>
        <Numero>FT/2025/118</Numero>
        <ImportoTotaleDocumento>151.33</ImportoTotaleDocumento>
        <Causale>Materiale di consumo &#233; marzo</Causale>
      </DatiGeneraliDocumento>
    </DatiGenerali>
    <DatiBeniServizi>
      <DettaglioLinee>
        <NumeroLinea>1</NumeroLinea>
        <CodiceArticolo><CodiceTipo>INTERNO</CodiceTipo><CodiceValore>VT-0042</CodiceValore></CodiceArticolo>
        <Descrizione>Viti autofilettanti 4x40 <![CDATA[(conf. da 100)]]></Descrizione>
        <Quantita>12.50</Quantita>
        <UnitaMisura>CF</UnitaMisura>
        <PrezzoUnitario>3.12345678</PrezzoUnitario>
        <PrezzoTotale>39.04</PrezzoTotale>
        <AliquotaIVA>22.00</AliquotaIVA>
      </DettaglioLinee>
      <DettaglioLinee>
        <NumeroLinea>2</NumeroLinea>
        <Descrizione>Trapano a percussione, più punte</Descrizione>
        <Quantita>1.00</Quantita>
        <PrezzoUnitario>100.00</PrezzoUnitario>
        <ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>15.00</Percentuale></ScontoMaggiorazione>
        <PrezzoTotale>85.00</PrezzoTotale>
        <AliquotaIVA>22.00</AliquotaIVA>
      </DettaglioLinee>
      <DatiRiepilogo>
        <AliquotaIVA>22.00</AliquotaIVA>
        <ImponibileImporto>124.04</ImponibileImporto>
        <Imposta>27.29</Imposta>
        <EsigibilitaIVA>I</EsigibilitaIVA>
      </DatiRiepilogo>
    </DatiBeniServizi>
    <DatiPagamento>
      <CondizioniPagamento>TP02</CondizioniPagamento>
      <DettaglioPagamento>
        <ModalitaPagamento>MP12</ModalitaPagamento>
        <DataRiferimentoTerminiPagamento>2025-03-31</DataRiferimentoTerminiPagamento>
        <GiorniTerminiPagamento>60</GiorniTerminiPagamento>
        <ImportoPagamento>151.33</ImportoPagamento>
      </DettaglioPagamento>
    </DatiPagamento>
  </FatturaElettronicaBody>
</ns2:FatturaElettronica>
`;

/** Hostile or invalid files, with the refusal reason each must produce. */
export const HOSTILE: Record<string, { content: string; reason: string }> = {
  "billion-laughs.xml": {
    reason: "doctype",
    content: `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">&lol9;</p:FatturaElettronica>
`,
  },
  "xxe.xml": {
    reason: "doctype",
    content: `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"><x>&xxe;</x></p:FatturaElettronica>
`,
  },
  "non-fatturapa.xml": {
    reason: "not-fatturapa",
    content: `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>
`,
  },
  "namespace-sbagliato.xml": {
    reason: "not-fatturapa",
    content: `<?xml version="1.0"?><p:FatturaElettronica versione="FPR12" xmlns:p="http://example.com/fatture"/>`,
  },
  "malformato.xml": {
    reason: "malformed",
    content: `<?xml version="1.0"?><p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"><FatturaElettronicaHeader></p:FatturaElettronica>`,
  },
  "schema-non-valido.xml": {
    reason: "schema",
    content: `<?xml version="1.0"?><p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"><FatturaElettronicaHeader><DatiTrasmissione><IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>01234567897</IdCodice></IdTrasmittente><ProgressivoInvio>1</ProgressivoInvio><FormatoTrasmissione>FPR12</FormatoTrasmissione><CodiceDestinatario>ABC1234</CodiceDestinatario></DatiTrasmissione></FatturaElettronicaHeader></p:FatturaElettronica>`,
  },
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  mkdirSync(CORPUS_DIR, { recursive: true });
  for (const [name, content] of Object.entries(corpusFiles())) {
    const bytes = name.includes("iso-8859-1") ? Buffer.from(content, "latin1") : Buffer.from(content, "utf8");
    writeFileSync(path.join(CORPUS_DIR, name), bytes);
  }
  for (const [name, { content }] of Object.entries(HOSTILE)) writeFileSync(path.join(CORPUS_DIR, name), content);
  console.log(`corpus written to ${CORPUS_DIR}`);
}
