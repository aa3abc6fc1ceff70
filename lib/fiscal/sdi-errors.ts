/**
 * The error codes SDI writes in a NotificaScarto (ListaErrori › Errore › Codice), from the FatturaPA specifications
 * (controlli 00001–00477), each with a plain-Italian explanation that names the field of THIS product to correct
 * (Anagrafica for the customer, Impostazioni for the company, the invoice's rows and Aliquote IVA). Where the pre-check
 * (lib/fiscal/precheck.ts) already refuses a code before the file leaves, the wording follows its message.
 * An unknown code (SDI adds some over time) falls back to SDI's own Descrizione: `sdiErrorExplanation`.
 */
import type { SdiError } from "./sdi-messages";

const BUYER_VAT = "correggi la Partita IVA del cliente in Anagrafica";
const BUYER_CF = "correggi il Codice fiscale del cliente in Anagrafica";
const SELLER = "correggi i dati dell'azienda in Impostazioni";
const RESEND = "poi genera di nuovo l'XML e invialo allo SDI";

export const SDI_ERROR_CODES: Record<string, string> = {
  // file name and transmission
  "00001": "Nome del file non valido: il file va rigenerato dal gestionale (Scarica XML) senza rinominarlo, poi inviato di nuovo",
  "00002": "Nome del file duplicato: lo SDI ha già ricevuto un file con questo nome; genera di nuovo l'XML (avrà un nuovo progressivo) e invialo",
  "00003": "Il file supera la dimensione massima ammessa (5 MB): riduci gli allegati o le righe del documento e rigenera l'XML",
  "00100": "Certificato di firma scaduto: rinnova il certificato di firma in Impostazioni › Fatturazione elettronica e firma di nuovo",
  "00101": "Certificato di firma revocato: carica un certificato valido in Impostazioni › Fatturazione elettronica e firma di nuovo",
  "00102": "Firma non valida: il file firmato (.p7m) è alterato o la firma non corrisponde; firma e invia di nuovo il file generato dal gestionale",
  "00103": "La firma non contiene il riferimento temporale o il certificato: firma di nuovo con un certificato qualificato",
  "00104": "Il certificato di firma non è qualificato (CA non riconosciuta): usa un certificato di firma qualificata in Impostazioni › Fatturazione elettronica",
  "00105": "Il riferimento temporale della firma non è coerente: firma di nuovo il file",
  "00106": "Il file firmato è vuoto o non contiene la fattura: rigenera l'XML e firmalo di nuovo",
  "00107": "Il certificato di firma non è valido: caricane uno valido in Impostazioni › Fatturazione elettronica",
  "00110": "Il riferimento temporale della firma non è valido: firma di nuovo il file",
  "00111": "La firma non è del tipo ammesso (CAdES-BES o XAdES-BES): firma di nuovo il file dal gestionale",
  // format
  "00200": "File non conforme al formato FatturaPA: controlla i dati del documento (cliente, righe, importi), " + RESEND,
  "00201": "Il file contiene troppi errori di formato: controlla i dati del documento e del cliente, " + RESEND,
  // identifiers
  "00300": "Identificativo fiscale del trasmittente non valido: correggi la Partita IVA o il Codice fiscale dell'azienda in Impostazioni",
  "00301": "Partita IVA del cedente (l'azienda) non valida o inesistente in Anagrafe tributaria: " + SELLER + " (Partita IVA)",
  "00302": "Codice fiscale del cedente (l'azienda) non valido: " + SELLER + " (Codice fiscale)",
  "00303": "Partita IVA del rappresentante fiscale non valida: " + SELLER,
  "00304": "Codice fiscale del rappresentante fiscale non valido: " + SELLER,
  "00305": "IdFiscaleIVA del cessionario non valida: " + BUYER_VAT,
  "00306": "Codice fiscale del cessionario non valido: " + BUYER_CF,
  "00311": "Codice destinatario non valido (non esiste nello SDI): correggi il Codice destinatario del cliente in Anagrafica (7 caratteri, o 0000000 con la PEC)",
  "00312": "Codice destinatario non attivo: chiedi al cliente il codice corretto e correggilo in Anagrafica, oppure usa 0000000",
  "00313": "Fattura a una Pubblica Amministrazione senza il codice univoco ufficio corretto: correggi il Codice destinatario (6 caratteri, da IPA) del cliente in Anagrafica",
  "00320": "Fattura a una Pubblica Amministrazione non firmata o con formato non ammesso: le fatture alla PA vanno firmate (Firma e invia)",
  "00321": "Il formato trasmissione non corrisponde al destinatario: controlla se il cliente è una Pubblica Amministrazione in Anagrafica",
  "00324": "Codice destinatario di una PA non ammesso per questo cessionario: controlla il codice univoco ufficio del cliente in Anagrafica",
  "00325": "Codice fiscale del cessionario non corrispondente a quello della PA destinataria in IPA: " + BUYER_CF,
  "00326": "Il trasmittente non è autorizzato a trasmettere per questa PA: controlla il codice univoco ufficio del cliente in Anagrafica",
  "00330": "Partita IVA del cessionario e del cedente incoerenti con il tipo documento: controlla il cliente in Anagrafica e il tipo documento della fattura",
  "00398": "Codice univoco ufficio della PA incoerente con il codice fiscale del cessionario: correggi Codice destinatario e Codice fiscale del cliente in Anagrafica",
  "00399": "Codice 999999 usato per una PA presente in IPA: indica il codice univoco ufficio del cliente in Anagrafica",
  // content and calculations
  "00400": "Riga con aliquota IVA 0% senza Natura: usa nelle righe un'aliquota con la Natura (Tabelle › Aliquote IVA), " + RESEND,
  "00401": "Riga con Natura indicata insieme a un'aliquota diversa da 0%: correggi l'aliquota della riga (Tabelle › Aliquote IVA)",
  "00403": "La data della fattura è successiva alla data di ricezione dello SDI: la fattura non può essere postdatata; correggi la Data del documento",
  "00404": "Fattura duplicata: lo SDI ha già ricevuto una fattura con lo stesso numero, anno e cedente; se era già stata consegnata non va reinviata",
  "00409": "Fattura duplicata nello stesso file (lotto): invia ogni fattura con il proprio XML",
  "00411": "Righe soggette a ritenuta senza i dati della ritenuta: imposta la ritenuta d'acconto del documento oppure togli 'Applicare ritenuta' dalle righe",
  "00413": "Cassa previdenziale con aliquota IVA 0% senza Natura: correggi l'aliquota IVA della cassa (Tabelle › Aliquote IVA)",
  "00414": "Cassa previdenziale con Natura e aliquota IVA diversa da 0%: correggi l'aliquota IVA della cassa",
  "00415": "Cassa previdenziale soggetta a ritenuta senza i dati della ritenuta: imposta la ritenuta d'acconto del documento",
  "00417": "Il cliente non ha né Partita IVA né Codice fiscale: indicane almeno uno nel cliente in Anagrafica",
  "00418": "La data della fattura è precedente a quella del documento collegato: correggi la Data o la fattura collegata della nota di credito",
  "00419": "Manca il riepilogo IVA di un'aliquota usata nelle righe o nella cassa: controlla le aliquote delle righe, " + RESEND,
  "00420": "Natura N6 (inversione contabile) con scissione dei pagamenti: togli lo split payment dal cliente in Anagrafica o cambia l'aliquota delle righe",
  "00421": "Imposta del riepilogo diversa da imponibile × aliquota: controlla le aliquote delle righe e rigenera l'XML",
  "00422": "Imponibile del riepilogo diverso dalla somma delle righe e dei contributi: controlla le righe e la cassa previdenziale, " + RESEND,
  "00423": "Prezzo totale di una riga diverso da prezzo unitario × quantità: correggi Quantità e Prezzo unitario della riga",
  "00424": "Aliquota IVA non espressa in percentuale: correggi l'aliquota in Tabelle › Aliquote IVA (es. 22, non 0,22)",
  "00425": "Il numero della fattura non contiene cifre: correggi il numero del documento o del sezionale",
  "00427": "Codice destinatario di lunghezza non coerente con il formato: 7 caratteri per i privati, 6 per la PA; correggi il Codice destinatario del cliente in Anagrafica",
  "00428": "Formato di trasmissione non valido: controlla se il cliente è una Pubblica Amministrazione in Anagrafica",
  "00429": "Riepilogo IVA 0% senza Natura: usa nelle righe un'aliquota con la Natura (Tabelle › Aliquote IVA)",
  "00430": "Riepilogo IVA con Natura e aliquota diversa da 0%: correggi l'aliquota delle righe",
  "00437": "Sconto o maggiorazione del documento senza percentuale né importo: correggi lo sconto del documento",
  "00438": "Sconto o maggiorazione di riga senza percentuale né importo: correggi lo sconto della riga",
  "00443": "Le aliquote delle righe e quelle del riepilogo IVA non corrispondono: controlla le aliquote delle righe, " + RESEND,
  "00444": "Le nature delle righe e quelle del riepilogo IVA non corrispondono: controlla le aliquote (Natura) delle righe, " + RESEND,
  "00445": "Natura generica (N2, N3, N6) non più ammessa: usa un'aliquota con il sottocodice (es. N2.2) in Tabelle › Aliquote IVA",
  "00448": "Natura N3.5 senza i dati della dichiarazione d'intento: indica protocollo e data della dichiarazione nei dettagli del documento",
  "00460": "Fattura semplificata oltre il limite di 400 euro: emetti una fattura ordinaria",
  "00461": "Tipo documento non ammesso nella fattura semplificata: emetti una fattura ordinaria",
  "00471": "Cedente e cessionario coincidono: non è ammesso per questo tipo documento; correggi il cliente della fattura",
  "00472": "Per questo tipo documento cedente e cessionario devono coincidere (autofattura): correggi il cliente o il tipo documento",
  "00473": "Tipo documento non ammesso per il paese del cedente: correggi il tipo documento della fattura",
  "00474": "Autofattura (TD21) con una riga ad aliquota 0%: correggi l'aliquota delle righe",
  "00475": "Per questo tipo documento è obbligatoria la Partita IVA del cessionario: " + BUYER_VAT,
  "00476": "Cedente e cessionario entrambi esteri: la fattura non va trasmessa allo SDI",
  "00477": "Dichiarazione d'intento invalidata: controlla il protocollo della dichiarazione del cliente",
};

/** The plain-Italian explanation of an SDI error: the table's, else SDI's own Descrizione. */
export function sdiErrorExplanation(e: Pick<SdiError, "code" | "description">): string {
  return SDI_ERROR_CODES[e.code] ?? e.description;
}
