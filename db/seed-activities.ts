/**
 * The seeded tenants' Lavori and Ore lavorate: a dozen jobs each for customers of db/seed-contacts.ts, in all
 * three states with a history of changes over the last three months (some made by the second user), both
 * payment types (fixed prices with their amounts, one customer with an hourly rate of its own), some completed;
 * and the hours of two users on them over the last three months, up to yesterday: 1-3 entries a working day
 * (Monday to Friday, not on the national holidays), only on jobs that were Attivo that day, mostly billable,
 * never overlapping, never running. Saved by seedActivities (db/seed.ts): the jobs through the entity, as
 * POST /api/activities would; the hours in one batched insert.
 */
import "server-only";
import type { ActivityPaymentType, ActivityState } from "@/lib/schemas/lookup-enums";
import { addDays } from "@/lib/fiscal/dates";

/** A change of state: the state, how many days ago, and who made it (0: the tenant's admin, 1: the second user). */
export interface SeedStateStep {
  state: ActivityState;
  daysAgo: number;
  by?: 0 | 1;
}

export interface SeedActivity {
  /** The customer's code in SEED_CONTACTS. */
  customer: string;
  name: string;
  description?: string;
  paymentType: ActivityPaymentType;
  /** Importo lavoro (cents) of a fixed-price job. */
  amount?: number;
  /** Scadenza prevista, in days from today (negative: already past). */
  dueInDays?: number;
  /** The first step is the creation; every later one changes the state. */
  history: readonly SeedStateStep[];
  /** Marked 'Completato' after its last change. */
  finished?: boolean;
  /** What the hours on this job say. */
  work: readonly string[];
}

export interface SeedActivities {
  jobs: readonly SeedActivity[];
  /** Hours of any job: meetings, calls. */
  common: readonly string[];
  /** Hours not billed to the customer. */
  notBillable: readonly string[];
}

const CORPO: ActivityPaymentType = "Lavoro pagato a corpo";
const ORE: ActivityPaymentType = "Lavoro pagato a ore";

/** Demo S.r.l.: IT services for small businesses. */
export const DEMO_ACTIVITIES: SeedActivities = {
  common: ["Riunione di avanzamento con il cliente", "Telefonata con il cliente", "Aggiornamento della documentazione"],
  notBillable: ["Correzione in garanzia", "Studio di una soluzione alternativa", "Preparazione del preventivo"],
  jobs: [
    {
      customer: "C001", name: "Rinnovo sito web aziendale", description: "Nuovo sito in italiano e inglese, con area riservata per i rivenditori.", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 88 }],
      work: ["Analisi dei contenuti con il cliente", "Sviluppo delle pagine del sito", "Test su smartphone e tablet", "Caricamento dei testi e delle immagini"],
    },
    {
      customer: "C003", name: "Migrazione server di posta", description: "Migrazione delle caselle su Microsoft 365.", paymentType: CORPO, amount: 180000,
      history: [{ state: "Attivo", daysAgo: 86 }, { state: "Concluso", daysAgo: 52 }], finished: true,
      work: ["Inventario delle caselle e degli alias", "Migrazione delle caselle di posta", "Configurazione dei client di posta", "Verifica dei record DNS"],
    },
    {
      customer: "C004", name: "Assistenza sistemistica", description: "Assistenza a chiamata alla tariffa oraria concordata.", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 85 }],
      work: ["Aggiornamento dei sistemi operativi", "Intervento su stampante di rete", "Sostituzione disco del server", "Controllo dei backup notturni"],
    },
    {
      customer: "C005", name: "Gestionale prenotazioni tavoli", description: "Applicazione web per le prenotazioni, con promemoria via SMS.", paymentType: CORPO, amount: 250000, dueInDays: 60,
      history: [{ state: "Attivo", daysAgo: 75 }, { state: "Sospeso", daysAgo: 40, by: 1 }, { state: "Attivo", daysAgo: 18 }],
      work: ["Analisi delle esigenze del ristorante", "Sviluppo del modulo di prenotazione", "Integrazione con il servizio SMS", "Prove con il personale di sala"],
    },
    {
      customer: "C006", name: "Configurazione rete e firewall", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 70 }, { state: "Concluso", daysAgo: 45, by: 1 }], finished: true,
      work: ["Sopralluogo e schema della rete", "Configurazione del firewall", "Installazione degli access point", "Separazione della rete ospiti"],
    },
    {
      customer: "C008", name: "Sito con prenotazione camere", description: "Sito con motore di prenotazione collegato al channel manager.", paymentType: CORPO, amount: 420000, dueInDays: 45,
      history: [{ state: "Attivo", daysAgo: 60 }],
      work: ["Progettazione grafica delle pagine", "Collegamento al channel manager", "Traduzione delle pagine in tedesco", "Ottimizzazione per i motori di ricerca"],
    },
    {
      customer: "C011", name: "Backup e continuità operativa", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 58 }, { state: "Sospeso", daysAgo: 35 }, { state: "Attivo", daysAgo: 21, by: 1 }],
      work: ["Installazione del NAS di backup", "Configurazione della copia in cloud", "Prova di ripristino dei documenti", "Procedura scritta per lo studio"],
    },
    {
      customer: "C012", name: "Integrazione tracciamento spedizioni", description: "Collegamento del gestionale al portale dei corrieri.", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 50, by: 1 }],
      work: ["Studio delle API dei corrieri", "Sviluppo dell'importazione degli stati", "Test con le spedizioni reali", "Correzione degli errori segnalati"],
    },
    {
      customer: "C014", name: "Consulenza sicurezza informatica", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 44 }, { state: "Concluso", daysAgo: 9 }],
      work: ["Analisi delle vulnerabilità", "Revisione dei permessi degli utenti", "Relazione finale sulla sicurezza"],
    },
    {
      customer: "PA01", name: "Formazione personale uffici comunali", description: "Due giornate sull'uso della posta elettronica certificata e del protocollo.", paymentType: CORPO, amount: 120000,
      history: [{ state: "Attivo", daysAgo: 40 }, { state: "Concluso", daysAgo: 26 }], finished: true,
      work: ["Preparazione del materiale didattico", "Lezione in aula", "Assistenza dopo il corso"],
    },
    {
      customer: "C017", name: "Vetrina online e social", paymentType: CORPO, amount: 90000, dueInDays: -5,
      history: [{ state: "Attivo", daysAgo: 33 }, { state: "Sospeso", daysAgo: 12 }],
      work: ["Fotografie dei prodotti", "Creazione della vetrina online", "Impostazione delle pagine social"],
    },
    {
      customer: "P003", name: "Recupero dati da disco danneggiato", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 6, by: 1 }],
      work: ["Diagnosi del disco", "Copia settore per settore", "Recupero delle fotografie"],
    },
  ],
};

/** Studio Tecnico Rossi: an engineering practice. */
export const ROSSI_ACTIVITIES: SeedActivities = {
  common: ["Riunione con il committente", "Telefonata con l'impresa", "Aggiornamento del fascicolo di progetto"],
  notBillable: ["Sopralluogo preliminare non addebitato", "Revisione interna degli elaborati", "Preparazione dell'offerta"],
  jobs: [
    {
      customer: "C003", name: "Direzione lavori palazzina via Emilia", description: "Direzione lavori e contabilità di cantiere, 12 alloggi.", paymentType: CORPO, amount: 850000, dueInDays: 180,
      history: [{ state: "Attivo", daysAgo: 90 }],
      work: ["Visita in cantiere", "Verbale di sopralluogo", "Contabilità dei lavori", "Verifica dei getti con il laboratorio"],
    },
    {
      customer: "C007", name: "Progetto impianto elettrico capannone", paymentType: CORPO, amount: 320000,
      history: [{ state: "Attivo", daysAgo: 88 }, { state: "Concluso", daysAgo: 47 }], finished: true,
      work: ["Rilievo del capannone", "Calcolo delle linee e dei quadri", "Redazione delle tavole di progetto", "Relazione tecnica dell'impianto"],
    },
    {
      customer: "C004", name: "Consulenza strutturale", description: "Verifiche strutturali a supporto dei progetti di Tecnostudio.", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 84 }],
      work: ["Modello di calcolo della struttura", "Verifica dei solai", "Relazione di calcolo"],
    },
    {
      customer: "C015", name: "Pratica APE e diagnosi energetica", paymentType: CORPO, amount: 60000,
      history: [{ state: "Attivo", daysAgo: 78 }, { state: "Concluso", daysAgo: 30, by: 1 }],
      work: ["Sopralluogo nelle parti comuni", "Raccolta delle bollette e dei libretti", "Calcolo della prestazione energetica", "Redazione dell'attestato"],
    },
    {
      customer: "C008", name: "Adeguamento antincendio", description: "Progetto di adeguamento e pratica per i Vigili del Fuoco.", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 72 }, { state: "Sospeso", daysAgo: 28 }],
      work: ["Rilievo delle vie di esodo", "Progetto dell'impianto idranti", "Pratica per i Vigili del Fuoco"],
    },
    {
      customer: "C010", name: "Impianto fotovoltaico 20 kW", paymentType: CORPO, amount: 280000, dueInDays: 30,
      history: [{ state: "Attivo", daysAgo: 65, by: 1 }],
      work: ["Sopralluogo sulla copertura", "Dimensionamento dell'impianto", "Pratica di connessione alla rete", "Schema unifilare"],
    },
    {
      customer: "C012", name: "Sopralluoghi e perizie magazzino", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 60 }],
      work: ["Sopralluogo al magazzino", "Perizia sulle scaffalature", "Relazione fotografica"],
    },
    {
      customer: "PA02", name: "Verifica vulnerabilità sismica", description: "Verifica della scuola primaria secondo le NTC 2018.", paymentType: CORPO, amount: 450000, dueInDays: 90,
      history: [{ state: "Sospeso", daysAgo: 56 }, { state: "Attivo", daysAgo: 42 }],
      work: ["Indagini sui materiali", "Rilievo strutturale dell'edificio", "Analisi sismica", "Relazione di vulnerabilità"],
    },
    {
      customer: "C013", name: "Pratica SCIA nuovo forno", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 50, by: 1 }, { state: "Concluso", daysAgo: 24, by: 1 }], finished: true,
      work: ["Sopralluogo nel laboratorio", "Compilazione della SCIA", "Deposito della pratica allo sportello unico"],
    },
    {
      customer: "P001", name: "Ristrutturazione appartamento: progetto e pratiche", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 38 }],
      work: ["Rilievo dell'appartamento", "Progetto delle nuove tramezze", "Pratica CILA", "Computo metrico dei lavori"],
    },
    {
      customer: "C001", name: "Collaudo impianti climatizzazione", paymentType: ORE,
      history: [{ state: "Attivo", daysAgo: 30 }, { state: "Concluso", daysAgo: 4 }],
      work: ["Prove di funzionamento degli impianti", "Misure delle portate d'aria", "Verbale di collaudo"],
    },
    {
      customer: "P005", name: "Certificazione impianti villetta", paymentType: CORPO, amount: 75000, dueInDays: 10,
      history: [{ state: "Attivo", daysAgo: 15, by: 1 }],
      work: ["Verifica dell'impianto elettrico", "Verifica dell'impianto termico", "Dichiarazioni di rispondenza"],
    },
  ],
};

/** An hour entry to write: the user (0 or 1), the job (index in jobs), the day and times in Italy. */
export interface PlannedEntry {
  user: 0 | 1;
  job: number;
  date: string;
  startTime: string;
  endTime: string;
  description: string;
  billable: boolean;
}

/** A small seeded generator (mulberry32): the same tenant gets the same hours on the same day. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Easter Sunday (Gregorian, anonymous algorithm) as 'yyyy-MM-dd'. */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const HOLIDAYS = ["01-01", "01-06", "04-25", "05-01", "06-02", "08-15", "11-01", "12-08", "12-25", "12-26"];

/** Monday to Friday, not a national holiday (Easter Monday included). */
export function isWorkingDay(date: string): boolean {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (day === 0 || day === 6) return false;
  return !HOLIDAYS.includes(date.slice(5)) && date !== addDays(easter(Number(date.slice(0, 4))), 1);
}

/** The job's state on the day `daysAgo` days before today (undefined before it existed). */
export function stateOn(job: SeedActivity, daysAgo: number): ActivityState | undefined {
  let state: ActivityState | undefined;
  for (const step of job.history) if (step.daysAgo >= daysAgo) state = step.state;
  return state;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const DAYS = 91;
const LUNCH = 13 * 60;
const LAST_END = 19 * 60 + 30;

/**
 * The hours of two users over the last three months up to yesterday (today stays free for the time tracker).
 * Each working day each user has 1-3 entries one after the other, on jobs Attivo that day (each user mostly
 * on their own two thirds of them), with a lunch break: entries of one user never overlap.
 */
export function planTimeEntries(seed: SeedActivities, today: string, random: () => number): PlannedEntry[] {
  const out: PlannedEntry[] = [];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const step = (from: number, to: number, by: number) => from + by * Math.floor(random() * ((to - from) / by + 1));
  for (let daysAgo = DAYS; daysAgo >= 1; daysAgo--) {
    const date = addDays(today, -daysAgo);
    if (!isWorkingDay(date)) continue;
    const open = seed.jobs.map((job, i) => ({ job, i })).filter(({ job }) => stateOn(job, daysAgo) === "Attivo");
    if (open.length === 0) continue;
    for (const user of [0, 1] as const) {
      const own = open.filter(({ i }) => (i + user) % 3 !== 0);
      const jobs = own.length ? own : open;
      const count = 1 + Math.floor(random() * 3);
      let cursor = step(8 * 60 + 30, 9 * 60 + 30, 5);
      for (let n = 0; n < count; n++) {
        const alone = count === 1;
        let end = cursor + (alone ? step(180, 420, 15) : step(45, 240, 15));
        // the lunch break: the morning's entry stops at 13:00 and the afternoon starts after 14:00
        if (!alone && cursor < LUNCH && end > LUNCH) end = LUNCH;
        end = Math.min(end, LAST_END);
        if (end - cursor < 30) break;
        const { job, i } = pick(jobs);
        const billable = random() >= 0.12;
        const description = billable ? (random() < 0.8 ? pick(job.work) : pick(seed.common)) : pick(seed.notBillable);
        out.push({ user, job: i, date, startTime: hhmm(cursor), endTime: hhmm(end), description, billable });
        cursor = end === LUNCH ? step(14 * 60, 14 * 60 + 30, 5) : end + step(0, 45, 5);
      }
    }
  }
  return out;
}
