/**
 * The seeded tenants' Anagrafica: about forty customers and suppliers a small Italian business has —
 * companies (one with a branch sharing its VAT number), sole traders, persons, two public administrations
 * (6-character SDI codes, split payment), two EU customers, suppliers with payment defaults, referents.
 * Identifiers are fictitious but valid: the check digits are computed with lib/fiscal. Saved by
 * seedContacts (db/seed.ts) through the entity, as POST /api/contacts would.
 */
import "server-only";
import { codiceFiscaleCheckChar, partitaIvaCheckDigit } from "@/lib/fiscal/identifiers";

/** A Partita IVA: seven digits of the taxpayer, the office's three, the check digit. */
const piva = (taxpayer: string, office: string) => `${taxpayer}${office}${partitaIvaCheckDigit(taxpayer + office)}`;
/** A numeric codice fiscale of an entity (associations, condominiums, public bodies). */
const cfNumeric = (first10: string) => `${first10}${partitaIvaCheckDigit(first10)}`;
/** A personal codice fiscale from its first fifteen characters. */
const cf = (first15: string) => `${first15}${codiceFiscaleCheckChar(first15)}`;

export interface SeedContact {
  kind: "COMPANY" | "PERSON";
  companyName?: string;
  firstName?: string;
  lastName?: string;
  code: string;
  isCustomer?: boolean;
  isSupplier?: boolean;
  vatCountry?: string;
  vatNumber?: string;
  fiscalCode?: string;
  address?: string;
  postalCode?: string;
  city?: string;
  province?: string;
  country?: string;
  email?: string;
  pec?: string;
  phone?: string;
  mobile?: string;
  website?: string;
  sdiCode?: string;
  publicAdministration?: boolean;
  splitPayment?: boolean;
  hourlyPrice?: number;
  notes?: string;
  referents?: { firstName?: string; lastName?: string; role?: string; email?: string; phone?: string }[];
  /** Index of the tenant's payment modality and bank account (in name order), for sales and for purchases. */
  customerPayment?: [number, number];
  supplierPayment?: [number, number];
  withAgent?: boolean;
}

const ALFA_VAT = piva("0284519", "037");

export const SEED_CONTACTS: readonly SeedContact[] = [
  // ---- companies (customers)
  {
    kind: "COMPANY", companyName: "Alfa Impianti S.r.l.", code: "C001", isCustomer: true, vatNumber: ALFA_VAT, fiscalCode: ALFA_VAT,
    address: "Via del Lavoro 12", postalCode: "40127", city: "Bologna", province: "BO", email: "amministrazione@alfaimpianti.example.it",
    pec: "alfaimpianti@pec.example.it", phone: "051 6341122", website: "www.alfaimpianti.example.it", sdiCode: "M5UXCR1", customerPayment: [2, 0], withAgent: true,
    referents: [
      { firstName: "Giorgio", lastName: "Landi", role: "Titolare", email: "g.landi@alfaimpianti.example.it", phone: "335 7741200" },
      { firstName: "Silvia", lastName: "Monti", role: "Amministrazione", email: "amministrazione@alfaimpianti.example.it", phone: "051 6341122" },
    ],
  },
  {
    kind: "COMPANY", companyName: "Alfa Impianti S.r.l. - Sede di Modena", code: "C002", isCustomer: true, vatNumber: ALFA_VAT, fiscalCode: ALFA_VAT,
    address: "Via Emilia Est 210", postalCode: "41122", city: "Modena", province: "MO", email: "modena@alfaimpianti.example.it", phone: "059 373021", sdiCode: "M5UXCR1",
    notes: "Sede secondaria: stessa partita IVA della sede di Bologna, fatture intestate alla sede di Modena.",
  },
  {
    kind: "COMPANY", companyName: "Edilnova S.p.A.", code: "C003", isCustomer: true, vatNumber: piva("0371842", "036"), address: "Viale Virgilio 58", postalCode: "41123",
    city: "Modena", province: "MO", email: "info@edilnova.example.it", pec: "edilnova@pec.example.it", phone: "059 827400", sdiCode: "T04ZHR3", customerPayment: [3, 1], withAgent: true,
    referents: [{ firstName: "Franco", lastName: "Guidi", role: "Direttore tecnico", email: "f.guidi@edilnova.example.it", phone: "348 1190023" }],
  },
  {
    kind: "COMPANY", companyName: "Tecnostudio Associati", code: "C004", isCustomer: true, vatNumber: piva("0912634", "015"), address: "Via Lodovico Settala 20", postalCode: "20124",
    city: "Milano", province: "MI", email: "segreteria@tecnostudio.example.it", phone: "02 29401133", sdiCode: "KRRH6B9", hourlyPrice: 5500,
  },
  {
    kind: "COMPANY", companyName: "Ristorante Da Gino S.n.c. di Gino Bassi & C.", code: "C005", isCustomer: true, vatNumber: piva("0455720", "099"), address: "Viale Regina Elena 44",
    postalCode: "47921", city: "Rimini", province: "RN", email: "dagino@example.it", phone: "0541 390112", sdiCode: "USAL8PV",
  },
  {
    kind: "COMPANY", companyName: "Farmacia Centrale della Dott.ssa Neri", code: "C006", isCustomer: true, vatNumber: piva("0160337", "038"), fiscalCode: cf("NRELSE70M48D548"),
    address: "Corso Martiri della Libertà 31", postalCode: "44121", city: "Ferrara", province: "FE", email: "farmaciacentrale@example.it", pec: "farmaciacentrale@pec.example.it", phone: "0532 207745",
  },
  {
    kind: "COMPANY", companyName: "Officina Meccanica Ferrari S.r.l.", code: "C007", isCustomer: true, vatNumber: piva("0238764", "035"), address: "Via Gramsci 105", postalCode: "42124",
    city: "Reggio Emilia", province: "RE", email: "officina@ferrarimeccanica.example.it", phone: "0522 550918", sdiCode: "W7YVJK9", customerPayment: [4, 0],
    referents: [
      { firstName: "Luca", lastName: "Ferrari", role: "Titolare", phone: "347 2219087" },
      { firstName: "Marta", lastName: "Iori", role: "Ufficio acquisti", email: "acquisti@ferrarimeccanica.example.it" },
    ],
  },
  {
    kind: "COMPANY", companyName: "Hotel Bellavista S.r.l.", code: "C008", isCustomer: true, vatNumber: piva("0390216", "099"), address: "Lungomare della Repubblica 7", postalCode: "47838",
    city: "Riccione", province: "RN", email: "booking@hotelbellavista.example.it", phone: "0541 604411", website: "www.hotelbellavista.example.it", sdiCode: "SUBM70N",
  },
  {
    kind: "COMPANY", companyName: "Cartoleria Il Quaderno di Sara Mancini", code: "C009", isCustomer: true, vatNumber: piva("0331598", "037"), fiscalCode: cf("MNCSRA84D52A944"),
    address: "Via San Vitale 23/a", postalCode: "40125", city: "Bologna", province: "BO", email: "ilquaderno@example.it", phone: "051 227391", sdiCode: "0000000",
    notes: "Ditta individuale: riceve le fatture nel cassetto fiscale.",
  },
  {
    kind: "COMPANY", companyName: "Agriturismo Le Querce Società Agricola", code: "C010", isCustomer: true, vatNumber: piva("0342817", "037"), address: "Via Montanara 1550",
    postalCode: "40026", city: "Imola", province: "BO", email: "info@lequerce.example.it", pec: "lequerce@pec.example.it", phone: "0542 665120", sdiCode: "",
  },
  {
    kind: "COMPANY", companyName: "Studio Legale Avv. Rinaldi", code: "C011", isCustomer: true, vatNumber: piva("0249361", "034"), fiscalCode: cf("RNLMSM66C14G337"),
    address: "Strada della Repubblica 61", postalCode: "43121", city: "Parma", province: "PR", email: "segreteria@studiorinaldi.example.it", pec: "avv.rinaldi@pec.example.it", phone: "0521 233807",
  },
  {
    kind: "COMPANY", companyName: "Logistica Emiliana S.r.l.", code: "C012", isCustomer: true, vatNumber: piva("0158420", "033"), address: "Strada Caorsana 29", postalCode: "29122",
    city: "Piacenza", province: "PC", email: "info@logisticaemiliana.example.it", phone: "0523 591200", sdiCode: "BA6ET11", customerPayment: [4, 1],
  },
  {
    kind: "COMPANY", companyName: "Panificio Fratelli Russo S.n.c.", code: "C013", isCustomer: true, vatNumber: piva("0782541", "063"), address: "Via Foria 152", postalCode: "80137",
    city: "Napoli", province: "NA", email: "panificiorusso@example.it", phone: "081 4420715", sdiCode: "KRRH6B9",
  },
  {
    kind: "COMPANY", companyName: "Informatica Adriatica S.r.l.", code: "C014", isCustomer: true, isSupplier: true, vatNumber: piva("0265743", "041"), address: "Via Giolitti 88",
    postalCode: "61122", city: "Pesaro", province: "PU", email: "commerciale@infoadriatica.example.it", phone: "0721 410533", website: "www.infoadriatica.example.it", sdiCode: "5RUO82D",
    customerPayment: [1, 0], supplierPayment: [2, 0],
    referents: [{ firstName: "Davide", lastName: "Pierini", role: "Commerciale", email: "d.pierini@infoadriatica.example.it", phone: "339 8821045" }],
  },
  {
    kind: "COMPANY", companyName: "Condominio Le Magnolie", code: "C015", isCustomer: true, fiscalCode: cfNumeric("9102748037"), address: "Via Massarenti 210", postalCode: "40138",
    city: "Bologna", province: "BO", email: "amministratore@studiobelli.example.it", phone: "051 532210", notes: "Amministratore: Studio Belli, Via Mazzini 8, Bologna.",
    referents: [{ firstName: "Carlo", lastName: "Belli", role: "Amministratore di condominio", email: "amministratore@studiobelli.example.it", phone: "051 532210" }],
  },
  {
    kind: "COMPANY", companyName: "A.S.D. Bologna Volley", code: "C016", isCustomer: true, fiscalCode: cfNumeric("9205123037"), address: "Via Sante Vincenzi 4", postalCode: "40138",
    city: "Bologna", province: "BO", email: "segreteria@bolognavolley.example.it", phone: "051 343018",
  },
  {
    kind: "COMPANY", companyName: "Gelateria Dolce Vita S.a.s. di Poggi Anna & C.", code: "C017", isCustomer: true, vatNumber: piva("0411937", "040"), address: "Viale Carducci 90",
    postalCode: "47042", city: "Cesenatico", province: "FC", email: "dolcevita@example.it", phone: "0547 80277", sdiCode: "0000000",
  },
  {
    kind: "COMPANY", companyName: "Autotrasporti Marchetti S.r.l.", code: "C018", isCustomer: true, vatNumber: piva("0362975", "040"), address: "Via Ravegnana 421", postalCode: "47122",
    city: "Forlì", province: "FC", email: "info@marchettitrasporti.example.it", pec: "marchettitrasporti@pec.example.it", phone: "0543 795011", sdiCode: "M5UXCR1", withAgent: true,
  },
  // ---- public administrations (codice univoco ufficio of 6 characters, split payment)
  {
    kind: "COMPANY", companyName: "Comune di San Pietro in Casale", code: "PA01", isCustomer: true, fiscalCode: cfNumeric("8006253037"), vatNumber: piva("0159782", "037"),
    address: "Via Giacomo Matteotti 154", postalCode: "40018", city: "San Pietro in Casale", province: "BO", pec: "comune.sanpietroincasale@pec.example.it", phone: "051 6669511",
    sdiCode: "UFH3K8", publicAdministration: true, splitPayment: true,
    notes: "Fatture elettroniche in formato PA (FPA12): indicare CIG e numero di determina.",
    referents: [{ firstName: "Paola", lastName: "Cavicchi", role: "Ufficio tecnico - RUP", email: "ufficio.tecnico@comune.example.it", phone: "051 6669540" }],
  },
  {
    kind: "COMPANY", companyName: "Istituto Comprensivo n. 5 di Bologna", code: "PA02", isCustomer: true, fiscalCode: cfNumeric("9120183037"), address: "Via Populonia 11",
    postalCode: "40127", city: "Bologna", province: "BO", pec: "boic805001@pec.example.it", phone: "051 505100", sdiCode: "UF7QZ2", publicAdministration: true, splitPayment: true,
  },
  // ---- EU customers
  {
    kind: "COMPANY", companyName: "Müller Maschinenbau GmbH", code: "C019", isCustomer: true, vatCountry: "DE", vatNumber: "811907980", address: "Leopoldstraße 152", postalCode: "80804",
    city: "München", country: "DE", email: "einkauf@mueller-maschinenbau.example.de", phone: "+49 89 3801234", sdiCode: "XXXXXXX",
    notes: "Cliente intracomunitario: fatture non imponibili art. 41 D.L. 331/93 (N3.2).",
    referents: [{ firstName: "Klaus", lastName: "Weber", role: "Einkauf", email: "k.weber@mueller-maschinenbau.example.de", phone: "+49 89 3801240" }],
  },
  {
    kind: "COMPANY", companyName: "Dupont Conseil SARL", code: "C020", isCustomer: true, vatCountry: "FR", vatNumber: "40123456789", address: "12 Rue de la République", postalCode: "69002",
    city: "Lyon", country: "FR", email: "contact@dupontconseil.example.fr", phone: "+33 4 78 42 10 00", sdiCode: "XXXXXXX",
  },
  // ---- suppliers (payment modality and bank account for purchase invoices)
  {
    kind: "COMPANY", companyName: "Forniture Ufficio Rapida S.r.l.", code: "F001", isSupplier: true, vatNumber: piva("0318426", "037"), address: "Via della Salute 14", postalCode: "40132",
    city: "Bologna", province: "BO", email: "ordini@rapidaufficio.example.it", phone: "051 401122", supplierPayment: [2, 0],
  },
  {
    kind: "COMPANY", companyName: "Energia Padana S.p.A.", code: "F002", isSupplier: true, vatNumber: piva("0893415", "015"), address: "Corso di Porta Romana 89", postalCode: "20122",
    city: "Milano", province: "MI", email: "clienti@energiapadana.example.it", phone: "800 123456", supplierPayment: [4, 1],
  },
  {
    kind: "COMPANY", companyName: "Fibra Veloce S.p.A.", code: "F003", isSupplier: true, vatNumber: piva("1023768", "058"), address: "Via Tiburtina 1072", postalCode: "00156",
    city: "Roma", province: "RM", email: "business@fibraveloce.example.it", phone: "06 41500200", supplierPayment: [0, 1],
  },
  {
    kind: "COMPANY", companyName: "Grafiche Reno S.n.c.", code: "F004", isCustomer: true, isSupplier: true, vatNumber: piva("0275319", "037"), address: "Via Lame 98", postalCode: "40122",
    city: "Bologna", province: "BO", email: "preventivi@grafichereno.example.it", phone: "051 551903", sdiCode: "USAL8PV", customerPayment: [1, 0], supplierPayment: [1, 0],
    referents: [{ firstName: "Michele", lastName: "Zanetti", role: "Preventivi e stampa", email: "preventivi@grafichereno.example.it", phone: "333 4410987" }],
  },
  {
    kind: "COMPANY", companyName: "Studio Mazza Commercialisti Associati", code: "F005", isSupplier: true, vatNumber: piva("0301574", "037"), address: "Via Santo Stefano 30",
    postalCode: "40125", city: "Bologna", province: "BO", email: "studio@mazzacommercialisti.example.it", pec: "studiomazza@pec.example.it", phone: "051 239904", supplierPayment: [1, 0],
  },
  {
    kind: "COMPANY", companyName: "Noleggi Auto Emilia S.r.l.", code: "F006", isSupplier: true, vatNumber: piva("0427361", "036"), address: "Via Emilia Ovest 1014", postalCode: "41123",
    city: "Modena", province: "MO", email: "flotte@noleggiemilia.example.it", phone: "059 890011", supplierPayment: [5, 0],
  },
  {
    kind: "COMPANY", companyName: "Ferramenta Bonetti di Bonetti Luca", code: "F007", isSupplier: true, vatNumber: piva("0298165", "037"), fiscalCode: cf("BNTLCU72H09A944"),
    address: "Via Andrea Costa 77", postalCode: "40134", city: "Bologna", province: "BO", email: "ferramentabonetti@example.it", phone: "051 6142208", supplierPayment: [0, 0],
  },
  // ---- persons
  { kind: "PERSON", firstName: "Giuseppe", lastName: "Bianchi", code: "P001", isCustomer: true, fiscalCode: cf("BNCGPP75C12A944"), address: "Via Saragozza 134", postalCode: "40135", city: "Bologna", province: "BO", email: "giuseppe.bianchi@example.it", mobile: "333 1029384" },
  { kind: "PERSON", firstName: "Francesca", lastName: "Esposito", code: "P002", isCustomer: true, fiscalCode: cf("SPSFNC88L65F839"), address: "Via Toledo 256", postalCode: "80134", city: "Napoli", province: "NA", email: "francesca.esposito@example.it", mobile: "347 5501122" },
  { kind: "PERSON", firstName: "Marco", lastName: "Romano", code: "P003", isCustomer: true, fiscalCode: cf("RMNMRC90S03H501"), address: "Via Appia Nuova 401", postalCode: "00181", city: "Roma", province: "RM", email: "marco.romano@example.it", mobile: "328 9912345" },
  { kind: "PERSON", firstName: "Laura", lastName: "Colombo", code: "P004", isCustomer: true, fiscalCode: cf("CLMLRA82A58F205"), address: "Via Padova 88", postalCode: "20127", city: "Milano", province: "MI", email: "laura.colombo@example.it", phone: "02 2841187" },
  { kind: "PERSON", firstName: "Alessandro", lastName: "Ricci", code: "P005", isCustomer: true, fiscalCode: cf("RCCLSN79E09D612"), address: "Via dei Serragli 41", postalCode: "50124", city: "Firenze", province: "FI", mobile: "335 6617890" },
  { kind: "PERSON", firstName: "Chiara", lastName: "Marino", code: "P006", isCustomer: true, fiscalCode: cf("MRNCHR93P70L219"), address: "Corso Vittorio Emanuele II 112", postalCode: "10121", city: "Torino", province: "TO", email: "chiara.marino@example.it" },
  {
    kind: "PERSON", firstName: "Paolo", lastName: "Greco", code: "P007", isSupplier: true, vatNumber: piva("0812734", "070"), fiscalCode: cf("GRCPLA68B14A662"), address: "Via Sparano da Bari 65",
    postalCode: "70121", city: "Bari", province: "BA", email: "paolo.greco.grafico@example.it", pec: "paologreco@pec.example.it", mobile: "340 2287711", supplierPayment: [1, 0],
    notes: "Grafico freelance in regime forfettario: nessuna ritenuta sulle sue fatture.",
  },
  { kind: "PERSON", firstName: "Elena", lastName: "Bruno", code: "P008", isCustomer: true, fiscalCode: cf("BRNLNE85T47G224"), address: "Via Roma 12", postalCode: "35122", city: "Padova", province: "PD", email: "elena.bruno@example.it", mobile: "349 1180022" },
  { kind: "PERSON", firstName: "Stefano", lastName: "Gallo", code: "P009", isCustomer: true, fiscalCode: cf("GLLSFN71H21L781"), address: "Corso Porta Nuova 35", postalCode: "37122", city: "Verona", province: "VR", email: "stefano.gallo@example.it" },
  { kind: "PERSON", firstName: "Martina", lastName: "Conti", code: "P010", isCustomer: true, fiscalCode: cf("CNTMTN96D42D969"), address: "Via XX Settembre 19", postalCode: "16121", city: "Genova", province: "GE", mobile: "320 7745120" },
  { kind: "PERSON", firstName: "Roberto", lastName: "De Luca", code: "P011", isCustomer: true, fiscalCode: cf("DLCRRT60M16G273"), address: "Via Libertà 171", postalCode: "90143", city: "Palermo", province: "PA", email: "roberto.deluca@example.it", hourlyPrice: 4000 },
  // omocodia: the code of a namesake, with letters in the numeric positions (rules §6.2)
  { kind: "PERSON", firstName: "Mario", lastName: "Rossi", code: "P012", isCustomer: true, fiscalCode: cf("RSSMRA85T10A56N"), address: "Via Indipendenza 7", postalCode: "40121", city: "Bologna", province: "BO", email: "mario.rossi.85@example.it" },
];
