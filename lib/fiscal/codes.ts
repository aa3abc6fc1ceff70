/**
 * FatturaPA 1.2.3 code lists (exactly the schema's enumerations) with Italian labels.
 * Codes the schema accepts but the SDI rejects (generic N2, N3, N6 → 00445) are listed apart.
 */

export const TIPI_DOCUMENTO = {
  TD01: "Fattura",
  TD02: "Acconto/anticipo su fattura",
  TD03: "Acconto/anticipo su parcella",
  TD04: "Nota di credito",
  TD05: "Nota di debito",
  TD06: "Parcella",
  TD16: "Integrazione fattura reverse charge interno",
  TD17: "Integrazione/autofattura per acquisto servizi dall'estero",
  TD18: "Integrazione per acquisto di beni intracomunitari",
  TD19: "Integrazione/autofattura per acquisto di beni ex art. 17 c.2 DPR 633/72",
  TD20: "Autofattura per regolarizzazione e integrazione delle fatture",
  TD21: "Autofattura per splafonamento",
  TD22: "Estrazione beni da Deposito IVA",
  TD23: "Estrazione beni da Deposito IVA con versamento dell'IVA",
  TD24: "Fattura differita di cui all'art. 21, comma 4, lett. a)",
  TD25: "Fattura differita di cui all'art. 21, comma 4, terzo periodo lett. b)",
  TD26: "Cessione di beni ammortizzabili e per passaggi interni",
  TD27: "Fattura per autoconsumo o per cessioni gratuite senza rivalsa",
  TD28: "Acquisti da San Marino con IVA (fattura cartacea)",
  TD29: "Comunicazione per omessa o irregolare fatturazione",
} as const;
export type TipoDocumento = keyof typeof TIPI_DOCUMENTO;

export const REGIMI_FISCALI = {
  RF01: "Ordinario",
  RF02: "Contribuenti minimi",
  RF04: "Agricoltura e attività connesse e pesca",
  RF05: "Vendita sali e tabacchi",
  RF06: "Commercio fiammiferi",
  RF07: "Editoria",
  RF08: "Gestione servizi telefonia pubblica",
  RF09: "Rivendita documenti di trasporto pubblico e di sosta",
  RF10: "Intrattenimenti, giochi e altre attività di cui alla tariffa allegata al DPR 640/72",
  RF11: "Agenzie viaggi e turismo",
  RF12: "Agriturismo",
  RF13: "Vendite a domicilio",
  RF14: "Rivendita beni usati, oggetti d'arte, d'antiquariato o da collezione",
  RF15: "Agenzie di vendite all'asta di oggetti d'arte, antiquariato o da collezione",
  RF16: "IVA per cassa P.A.",
  RF17: "IVA per cassa",
  RF18: "Altro",
  RF19: "Regime forfettario",
  RF20: "Regime transfrontaliero di franchigia IVA",
} as const;
export type RegimeFiscale = keyof typeof REGIMI_FISCALI;

export const NATURE = {
  N1: "Escluse ex art. 15 DPR 633/72",
  "N2.1": "Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies del DPR 633/72",
  "N2.2": "Non soggette - altri casi",
  "N3.1": "Non imponibili - esportazioni",
  "N3.2": "Non imponibili - cessioni intracomunitarie",
  "N3.3": "Non imponibili - cessioni verso San Marino",
  "N3.4": "Non imponibili - operazioni assimilate alle cessioni all'esportazione",
  "N3.5": "Non imponibili - a seguito di dichiarazioni d'intento",
  "N3.6": "Non imponibili - altre operazioni che non concorrono alla formazione del plafond",
  N4: "Esenti",
  N5: "Regime del margine / IVA non esposta in fattura",
  "N6.1": "Inversione contabile - cessione di rottami e altri materiali di recupero",
  "N6.2": "Inversione contabile - cessione di oro e argento",
  "N6.3": "Inversione contabile - subappalto nel settore edile",
  "N6.4": "Inversione contabile - cessione di fabbricati",
  "N6.5": "Inversione contabile - cessione di telefoni cellulari",
  "N6.6": "Inversione contabile - cessione di prodotti elettronici",
  "N6.7": "Inversione contabile - prestazioni comparto edile e settori connessi",
  "N6.8": "Inversione contabile - operazioni settore energetico",
  "N6.9": "Inversione contabile - altri casi",
  N7: "IVA assolta in altro stato UE",
} as const;
export type Natura = keyof typeof NATURE;
/** In the XSD but refused by the SDI since 2021 (00445). */
export const NATURE_GENERICHE_RIFIUTATE = ["N2", "N3", "N6"] as const;

/**
 * Natures whose amounts count towards the €77.47 stamp-duty threshold (rules §3.5).
 * N3.6 is included ("probably" in the rules document): the conservative choice, since an
 * unpaid stamp is sanctioned while an unnecessary one only costs €2.
 */
export const NATURE_CON_BOLLO: readonly Natura[] = ["N1", "N2.1", "N2.2", "N3.4", "N3.5", "N3.6", "N4"];

/** Default legal reference written in DatiRiepilogo/RiferimentoNormativo (≤100 chars). */
export const RIFERIMENTI_NORMATIVI: Record<Natura, string> = {
  N1: "Escluse ex art. 15 DPR 633/72",
  "N2.1": "Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies DPR 633/72",
  "N2.2": "Operazione senza IVA ai sensi dell'art. 1 c. 54-89 L. 190/2014",
  "N3.1": "Non imponibile art. 8 DPR 633/72",
  "N3.2": "Non imponibile art. 41 DL 331/93",
  "N3.3": "Non imponibile art. 71 DPR 633/72",
  "N3.4": "Non imponibile art. 8-bis DPR 633/72",
  "N3.5": "Non imponibile art. 8 c.1 lett. c) DPR 633/72 (dichiarazione d'intento)",
  "N3.6": "Non imponibile - operazione che non concorre al plafond",
  N4: "Esente art. 10 DPR 633/72",
  N5: "Regime del margine",
  "N6.1": "Inversione contabile art. 74 c.7-8 DPR 633/72",
  "N6.2": "Inversione contabile art. 17 c.5 DPR 633/72",
  "N6.3": "Inversione contabile art. 17 c.6 lett. a) DPR 633/72",
  "N6.4": "Inversione contabile art. 17 c.6 lett. a-bis) DPR 633/72",
  "N6.5": "Inversione contabile art. 17 c.6 lett. b) DPR 633/72",
  "N6.6": "Inversione contabile art. 17 c.6 lett. c) DPR 633/72",
  "N6.7": "Inversione contabile art. 17 c.6 lett. a-ter) DPR 633/72",
  "N6.8": "Inversione contabile art. 17 c.6 lett. d-bis/d-ter/d-quater) DPR 633/72",
  "N6.9": "Inversione contabile - altri casi",
  N7: "IVA assolta in altro Stato UE",
};

export const TIPI_CASSA = {
  TC01: "Cassa nazionale previdenza e assistenza avvocati e procuratori legali",
  TC02: "Cassa previdenza dottori commercialisti",
  TC03: "Cassa previdenza e assistenza geometri",
  TC04: "Cassa nazionale previdenza e assistenza ingegneri e architetti liberi professionisti",
  TC05: "Cassa nazionale del notariato",
  TC06: "Cassa nazionale previdenza e assistenza ragionieri e periti commerciali",
  TC07: "Ente nazionale assistenza agenti e rappresentanti di commercio (ENASARCO)",
  TC08: "Ente nazionale previdenza e assistenza consulenti del lavoro (ENPACL)",
  TC09: "Ente nazionale previdenza e assistenza medici (ENPAM)",
  TC10: "Ente nazionale previdenza e assistenza farmacisti (ENPAF)",
  TC11: "Ente nazionale previdenza e assistenza veterinari (ENPAV)",
  TC12: "Ente nazionale previdenza e assistenza impiegati dell'agricoltura (ENPAIA)",
  TC13: "Fondo previdenza impiegati imprese di spedizione e agenzie marittime",
  TC14: "Istituto nazionale previdenza giornalisti italiani (INPGI)",
  TC15: "Opera nazionale assistenza orfani sanitari italiani (ONAOSI)",
  TC16: "Cassa autonoma assistenza integrativa giornalisti italiani (CASAGIT)",
  TC17: "Ente previdenza periti industriali e periti industriali laureati (EPPI)",
  TC18: "Ente previdenza e assistenza pluricategoriale (EPAP)",
  TC19: "Ente nazionale previdenza e assistenza biologi (ENPAB)",
  TC20: "Ente nazionale previdenza e assistenza professione infermieristica (ENPAPI)",
  TC21: "Ente nazionale previdenza e assistenza psicologi (ENPAP)",
  TC22: "INPS",
} as const;
export type TipoCassa = keyof typeof TIPI_CASSA;

/** CausalePagamento of DatiRitenuta: exactly the XSD list (F, J, K, V2 are not valid). */
export const CAUSALI_PAGAMENTO = {
  A: "Prestazioni di lavoro autonomo rientranti nell'esercizio di arte o professione abituale",
  B: "Utilizzazione economica, da parte dell'autore o dell'inventore, di opere dell'ingegno, brevetti industriali",
  C: "Utili derivanti da contratti di associazione in partecipazione e cointeressenza (solo lavoro)",
  D: "Utili spettanti ai soci promotori e ai soci fondatori delle società di capitali",
  E: "Levata di protesti cambiari da parte dei segretari comunali",
  G: "Indennità corrisposte per la cessazione di attività sportiva professionale",
  H: "Indennità corrisposte per la cessazione dei rapporti di agenzia",
  I: "Indennità corrisposte per la cessazione da funzioni notarili",
  L: "Redditi derivanti dall'utilizzazione economica di opere dell'ingegno percepiti dagli aventi causa a titolo gratuito",
  M: "Prestazioni di lavoro autonomo non esercitate abitualmente",
  N: "Indennità di trasferta, rimborso forfetario di spese, premi e compensi nell'esercizio diretto di attività sportive dilettantistiche",
  O: "Prestazioni di lavoro autonomo non esercitate abitualmente, senza obbligo di iscrizione alla gestione separata",
  P: "Compensi a soggetti non residenti per l'uso o la concessione in uso di attrezzature industriali, commerciali o scientifiche",
  Q: "Provvigioni corrisposte ad agente o rappresentante di commercio monomandatario",
  R: "Provvigioni corrisposte ad agente o rappresentante di commercio plurimandatario",
  S: "Provvigioni corrisposte a commissionario",
  T: "Provvigioni corrisposte a mediatore",
  U: "Provvigioni corrisposte a procacciatore di affari",
  V: "Provvigioni corrisposte a incaricato per le vendite a domicilio o porta a porta",
  W: "Corrispettivi erogati nel 2013 per prestazioni relative a contratti d'appalto",
  X: "Canoni corrisposti nel 2004 da società o enti residenti a società o stabili organizzazioni di un altro Stato UE",
  Y: "Canoni corrisposti dal 1.1.2005 al 26.7.2005 da società o enti residenti a società di un altro Stato UE",
  Z: "Titolo diverso dai precedenti (codice storico)",
  L1: "Redditi derivanti dall'utilizzazione economica di opere dell'ingegno percepiti da soggetti che abbiano acquistato a titolo oneroso i diritti",
  M1: "Redditi derivanti dall'assunzione di obblighi di fare, di non fare o permettere",
  M2: "Prestazioni di lavoro autonomo non esercitate abitualmente con obbligo di iscrizione alla Gestione Separata ENPAPI",
  O1: "Redditi derivanti dall'assunzione di obblighi di fare, di non fare o permettere, senza obbligo di iscrizione alla gestione separata",
  V1: "Redditi derivanti da attività commerciali non esercitate abitualmente",
  ZO: "Titolo diverso dai precedenti",
} as const;
export type CausalePagamento = keyof typeof CAUSALI_PAGAMENTO;

export const TIPI_RITENUTA = {
  RT01: "Ritenuta persone fisiche",
  RT02: "Ritenuta persone giuridiche",
  RT03: "Contributo INPS",
  RT04: "Contributo ENASARCO",
  RT05: "Contributo ENPAM",
  RT06: "Altro contributo previdenziale",
} as const;
export type TipoRitenuta = keyof typeof TIPI_RITENUTA;

export const MODALITA_PAGAMENTO = {
  MP01: "Contanti",
  MP02: "Assegno",
  MP03: "Assegno circolare",
  MP04: "Contanti presso Tesoreria",
  MP05: "Bonifico",
  MP06: "Vaglia cambiario",
  MP07: "Bollettino bancario",
  MP08: "Carta di pagamento",
  MP09: "RID",
  MP10: "RID utenze",
  MP11: "RID veloce",
  MP12: "Riba",
  MP13: "MAV",
  MP14: "Quietanza erario stato",
  MP15: "Giroconto su conti di contabilità speciale",
  MP16: "Domiciliazione bancaria",
  MP17: "Domiciliazione postale",
  MP18: "Bollettino di c/c postale",
  MP19: "SEPA Direct Debit",
  MP20: "SEPA Direct Debit CORE",
  MP21: "SEPA Direct Debit B2B",
  MP22: "Trattenuta su somme già riscosse",
  MP23: "PagoPA",
} as const;
export type ModalitaPagamento = keyof typeof MODALITA_PAGAMENTO;

export const CONDIZIONI_PAGAMENTO = {
  TP01: "Pagamento a rate",
  TP02: "Pagamento completo",
  TP03: "Anticipo",
} as const;
export type CondizioniPagamento = keyof typeof CONDIZIONI_PAGAMENTO;

/** Province codes (sigle automobilistiche), including the suppressed Sardinian ones still found in data. */
export const PROVINCE = [
  "AG", "AL", "AN", "AO", "AP", "AQ", "AR", "AT", "AV", "BA", "BG", "BI", "BL", "BN", "BO", "BR", "BS",
  "BT", "BZ", "CA", "CB", "CE", "CH", "CI", "CL", "CN", "CO", "CR", "CS", "CT", "CZ", "EN", "FC", "FE",
  "FG", "FI", "FM", "FR", "GE", "GO", "GR", "IM", "IS", "KR", "LC", "LE", "LI", "LO", "LT", "LU", "MB",
  "MC", "ME", "MI", "MN", "MO", "MS", "MT", "NA", "NO", "NU", "OG", "OR", "OT", "PA", "PC", "PD", "PE",
  "PG", "PI", "PN", "PO", "PR", "PT", "PU", "PV", "PZ", "RA", "RC", "RE", "RG", "RI", "RM", "RN", "RO",
  "SA", "SI", "SO", "SP", "SR", "SS", "SU", "SV", "TA", "TE", "TN", "TO", "TP", "TR", "TS", "TV", "UD",
  "VA", "VB", "VC", "VE", "VI", "VR", "VS", "VT", "VV",
] as const;

/**
 * Nations (IdPaese, Nazione): ISO 3166-1 alpha-2, plus XK (Kosovo), which the EU and SDI use. Names for
 * display come from Intl.DisplayNames("it", { type: "region" }), so no Italian list is kept here.
 */
export const COUNTRY_CODES = [
  "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ", "BA", "BB", "BD", "BE",
  "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS", "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD",
  "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN", "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM",
  "DO", "DZ", "EC", "EE", "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF",
  "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK", "HM", "HN", "HR", "HT", "HU",
  "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM", "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN",
  "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC", "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME",
  "MF", "MG", "MH", "MK", "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA",
  "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG", "PH", "PK", "PL", "PM",
  "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW", "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI",
  "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS", "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK",
  "TL", "TM", "TN", "TO", "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI",
  "VN", "VU", "WF", "WS", "XK", "YE", "YT", "ZA", "ZM", "ZW",
] as const;

/** Countries of a VAT number: the nations, plus EL, the prefix of Greek VAT numbers in the EU (VIES). */
export const VAT_COUNTRY_CODES: readonly string[] = [...COUNTRY_CODES, "EL"];

/** The EU member states by the prefix of their VAT numbers (intra-EU supplies, N3.2). */
export const EU_VAT_COUNTRIES = [
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "EL", "ES", "FI", "FR", "HR", "HU", "IE", "IT", "LT", "LU", "LV", "MT",
  "NL", "PL", "PT", "RO", "SE", "SI", "SK",
] as const;

export function isCode<T extends Record<string, string>>(table: T, code: string): code is Extract<keyof T, string> {
  return Object.prototype.hasOwnProperty.call(table, code);
}
