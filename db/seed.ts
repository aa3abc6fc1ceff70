/**
 * Seed data shared by the demo (npm run db:seed), the integration tests and Playwright.
 * Tenant 1 is the public demo; tenant 2 an ordinary customer. Later areas extend seedDemoData().
 */
import "server-only";
import { romeDateInDays } from "@/lib/subscription";
import { todayInRome } from "@/lib/rome-time";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "./client";
import { createTenantWithAdmin } from "./queries/accounts";
import type { AnyEntity } from "./entity";
import { activityEntity } from "./queries/activities";
import { agentEntity } from "./queries/agents";
import { contactEntity } from "./queries/contacts";
import { bankAccountEntity } from "./queries/bank-accounts";
import { invoiceSectionalEntity } from "./queries/invoice-sectionals";
import { itemEntity } from "./queries/items";
import { paymentModalityEntity } from "./queries/payment-modalities";
import { serviceEntity } from "./queries/services";
import { initTenantDefaults } from "./queries/tenant-defaults";
import { TenantScope } from "./scope";
import { activities, activityStateLogs, bankAccounts, contacts, fieldValues, invoiceSectionals, tenants, timeEntries, users, vatRates, type Tenant, type User } from "./schema";
import { DEMO_ACTIVITIES, planTimeEntries, ROSSI_ACTIVITIES, seededRandom, type SeedActivities } from "./seed-activities";
import { SEED_CONTACTS } from "./seed-contacts";
import { seedAgenda } from "./seed-agenda";
import { seedTodos } from "./seed-todos";
import { addDays } from "@/lib/fiscal/dates";
import { seedDemoDocuments, seedQuotes } from "./seed-documents";
import type { Option } from "@/lib/schemas/entity";
import { hashPassword } from "@/lib/auth/password";
import { entryInstants, romeInstant } from "@/lib/rome-time";

export const DEMO_LOGIN = { username: "demo", password: "demo1234" } as const;
export const ROSSI_LOGIN = { username: "mario.rossi@example.it", password: "rossi1234" } as const;
/** The admin of tenant 66, one of the tenants with Preventivi (QUOTE_TENANT_IDS defaults to "315,66"). */
export const VERDI_LOGIN = { username: "anna.verdi@example.it", password: "verdi1234" } as const;
/** An ordinary employee of tenant 2 with ROLE_USER only (for role tests and the menu). */
export const BIANCHI_LOGIN = { username: "luca.bianchi@example.it", password: "bianchi1234" } as const;
/** A colleague in the demo tenant with ROLE_USER only: the demo's second user with hours. */
export const DEMO_COLLEAGUE_LOGIN = { username: "sara.moretti@example.it", password: "moretti1234" } as const;

const inDays = romeDateInDays;

export interface Seeded {
  demo: { tenant: Tenant; admin: User };
  rossi: { tenant: Tenant; admin: User };
  verdi: { tenant: Tenant; admin: User };
}

/**
 * Idempotent: creates what is missing and leaves existing tenants alone. `today` (default: today in Rome) is the day
 * the demo tenant's year of business and the quotes tenant's quotes are dated from.
 */
export async function seedDemoData(db: Db, { today = todayInRome() }: { today?: string } = {}): Promise<Seeded> {
  const demo = await seedDemoAccount(db);
  const rossi =
    (await existing(db, ROSSI_LOGIN.username)) ??
    (await createTenantWithAdmin(db, {
      denomination: "Studio Tecnico Rossi",
      email: ROSSI_LOGIN.username,
      firstName: "Mario",
      lastName: "Rossi",
      password: ROSSI_LOGIN.password,
      isFree: false,
      expireDate: inDays(200),
      tenant: {
        fiscalCode: "RSSMRA80A01F205X",
        vat: "12345678903",
        address: "Corso Buenos Aires 45",
        city: "Milano",
        postalCode: "20124",
        province: "MI",
        phone: "02 98765432",
        email: "studio@rossi.example.it",
        hourlyPrice: 6000,
        taxRegime: "RF01",
        inpsRevenge: "0",
        professionistFundName: "Inarcassa",
        professionistFund: "4",
        withholdingTaxApply: true,
        withholdingTaxPercentage: "20",
        // the bollo recharged to the customer (the law's default; stampApply = the issuer bears it)
        stampApply: false,
        stampAmount: 200,
        footer: "Studio Tecnico Rossi - Ing. Mario Rossi - Albo Ingegneri di Milano n. 12345",
      },
    }));

  // a tenant with the quotes (Preventivi) feature: id 66 of the default QUOTE_TENANT_IDS
  const verdi =
    (await existing(db, VERDI_LOGIN.username)) ??
    (await createTenantWithAdmin(db, {
      id: 66,
      denomination: "Verdi Costruzioni S.r.l.",
      email: VERDI_LOGIN.username,
      firstName: "Anna",
      lastName: "Verdi",
      password: VERDI_LOGIN.password,
      isFree: false,
      expireDate: inDays(300),
      tenant: {
        fiscalCode: "09876543217",
        vat: "09876543217",
        address: "Via Garibaldi 10",
        city: "Torino",
        postalCode: "10122",
        province: "TO",
        email: "info@verdi.example.it",
        hourlyPrice: 4500,
        taxRegime: "RF01",
      },
    }));

  const bianchi = await seedEmployee(db, rossi.tenant.id, BIANCHI_LOGIN, { firstName: "Luca", lastName: "Bianchi", color: "#bae6fd" });
  // the demo tenant's whole content first: each table still holds the demo's rows before the other tenants'
  await seedDemoTenant(db, { today });
  await seedLookupTables(db, rossi.tenant.id, ROSSI_LOOKUPS);
  await seedLookupTables(db, verdi.tenant.id, ROSSI_LOOKUPS);
  for (const tenant of [rossi.tenant, verdi.tenant]) await seedContacts(new TenantScope(db, tenant.id));
  await seedActivities(db, rossi.tenant.id, [rossi.admin, bianchi], ROSSI_ACTIVITIES, today);
  await seedAgenda(db, rossi.tenant.id, [rossi.admin, bianchi]);
  await seedQuotes(db, verdi.tenant.id, verdi.admin, today);
  return { demo, rossi, verdi };
}

/** The demo tenant (id 1) and its admin, created once. */
async function seedDemoAccount(db: Db): Promise<{ tenant: Tenant; admin: User }> {
  return (
    (await existing(db, DEMO_LOGIN.username)) ??
    (await createTenantWithAdmin(db, {
      id: 1,
      denomination: "Demo S.r.l.",
      username: DEMO_LOGIN.username,
      email: "demo@example.it",
      firstName: "Giulia",
      lastName: "Demo",
      password: DEMO_LOGIN.password,
      demo: true,
      isFree: true,
      expireDate: inDays(365),
      tenant: {
        fiscalCode: "01234567897",
        vat: "01234567897",
        address: "Via Roma 1",
        city: "Bologna",
        postalCode: "40121",
        province: "BO",
        phone: "051 123456",
        email: "demo@example.it",
        hourlyPrice: 5000,
        taxRegime: "RF01",
        invoiceEmailSubject: "Fattura n. {numero} del {data}",
        invoiceEmailBody: "Gentile cliente,\n\nin allegato la fattura {numero} del {data}.\n\nCordiali saluti",
        footer: "Demo S.r.l. - Capitale sociale € 10.000 i.v. - REA BO-123456",
      },
    }))
  );
}

/**
 * The demo tenant (tenant 1, login demo / demo1234) and everything it holds, relative to `today` (default: today in
 * Rome): its colleague, lookup tables, Anagrafica, jobs and hours, to-dos, appointments and a year of business
 * (db/seed-documents.ts). Idempotent: each part is skipped when the tenant already has it, so the nightly demo restore
 * runs it again after emptying the tenant.
 */
export async function seedDemoTenant(db: Db, { today = todayInRome() }: { today?: string } = {}): Promise<{ tenant: Tenant; admin: User }> {
  const demo = await seedDemoAccount(db);
  const moretti = await seedEmployee(db, demo.tenant.id, DEMO_COLLEAGUE_LOGIN, { firstName: "Sara", lastName: "Moretti", color: "#fde68a" });
  await seedLookupTables(db, demo.tenant.id, DEMO_LOOKUPS);
  await seedContacts(new TenantScope(db, demo.tenant.id));
  await seedActivities(db, demo.tenant.id, [demo.admin, moretti], DEMO_ACTIVITIES, today);
  await seedTodos(db, demo.tenant.id, [demo.admin, moretti]);
  await seedAgenda(db, demo.tenant.id, [demo.admin, moretti]);
  await seedDemoDocuments(db, demo.tenant.id, demo.admin, today);
  return demo;
}


/** An employee of a seeded tenant with ROLE_USER only (created once); like the seeded admins, its address counts as confirmed. */
async function seedEmployee(db: Db, tenantId: number, login: { readonly username: string; readonly password: string }, who: { firstName: string; lastName: string; color: string }): Promise<User> {
  const [found] = await db.select().from(users).where(eq(users.username, login.username));
  if (found) return found;
  const [created] = await db
    .insert(users)
    .values({ tenantId, username: login.username, email: login.username, passwordHash: await hashPassword(login.password), ...who, roles: ["ROLE_USER"], emailConfirmedAt: new Date() })
    .returning();
  return created!;
}

interface LookupSeed {
  bankAccounts: unknown[];
  paymentModalities: unknown[];
  /** The tenant's usual payment modality (by name). */
  usualPaymentModality: string;
  items: { name: string; description?: string; amount: number; vatRate: string }[];
  services: { name: string; description?: string; amount: number; vatRate: string }[];
  agents: { title?: string; firstName: string; lastName: string; email1?: string; phone1?: string; agentCommissions?: unknown[] }[];
  sectionals: unknown[];
}

const bonifico = (name: string, rows: [string, number, number, string][]) => ({
  name,
  paymentType: "MP05",
  paymentModalityRows: rows.map(([paymentModalityExpirationType, paymentDay, monthsAfter, amountPercentage]) => ({ paymentModalityExpirationType, paymentDay, monthsAfter, amountPercentage })),
});

const DEMO_LOOKUPS: LookupSeed = {
  bankAccounts: [
    { bankAccountType: "Conto bancario", bankName: "Banca di Bologna", code: "CC 1000/123456", iban: "IT60X0542811101000000123456" },
    { bankAccountType: "Conto bancario", bankName: "Intesa Sanpaolo", code: "CC 100000012345", iban: "IT66A0306909606100000012345" },
    { bankAccountType: "Altro", bankName: "PayPal", url: "https://www.paypal.me/demosrl" },
  ],
  paymentModalities: [
    { name: "Rimessa diretta", paymentType: "MP01", paymentModalityRows: [{ paymentModalityExpirationType: "Dalla data fattura", paymentDay: 0, monthsAfter: 0, amountPercentage: "100" }] },
    bonifico("Bonifico 30 gg data fattura", [["Dalla data fattura", 30, 0, "100"]]),
    bonifico("Bonifico 30 gg fine mese", [["Fine mese", 0, 1, "100"]]),
    bonifico("Bonifico 30/60 gg fine mese", [["Fine mese", 0, 1, "50"], ["Fine mese", 0, 2, "50"]]),
    { name: "Ri.Ba. 60 gg fine mese", paymentType: "MP12", paymentModalityRows: [{ paymentModalityExpirationType: "Fine mese", paymentDay: 0, monthsAfter: 2, amountPercentage: "100" }] },
    { name: "Carta di credito", paymentType: "MP08", paymentModalityRows: [{ paymentModalityExpirationType: "Dalla data fattura", paymentDay: 0, monthsAfter: 0, amountPercentage: "100" }] },
  ],
  usualPaymentModality: "Bonifico 30 gg fine mese",
  items: [
    { name: "Risma carta A4 80 g", description: "Risma carta A4 80 g/m² (500 fogli)", amount: 490, vatRate: "22.00" },
    { name: "Toner stampante laser", amount: 6890, vatRate: "22.00" },
    { name: "Monitor 24 pollici", description: "Monitor LED 24\" Full HD", amount: 15900, vatRate: "22.00" },
    { name: "Manuale tecnico", description: "Manuale tecnico (libro)", amount: 3500, vatRate: "4.00" },
  ],
  services: [
    { name: "Consulenza oraria", description: "Consulenza tecnica (ora)", amount: 5000, vatRate: "22.00" },
    { name: "Installazione software", amount: 12000, vatRate: "22.00" },
    { name: "Canone assistenza annuale", description: "Canone annuale di assistenza e manutenzione", amount: 48000, vatRate: "22.00" },
    { name: "Corso di formazione", description: "Formazione professionale esente art. 10", amount: 25000, vatRate: "0.00/N4" },
  ],
  agents: [
    { title: "Dott.", firstName: "Marco", lastName: "Ferri", email1: "marco.ferri@example.it", phone1: "333 1234567", agentCommissions: [{ fromAmount: 0, percentage: "5" }, { fromAmount: 1000000, percentage: "7,5" }] },
    { title: "Sig.ra", firstName: "Elena", lastName: "Galli", email1: "elena.galli@example.it", phone1: "347 7654321", agentCommissions: [{ fromAmount: 0, percentage: "6" }] },
  ],
  sectionals: [{ name: "Pubblica Amministrazione", typology: "Persone giuridiche", suffix: "PA" }],
};

const ROSSI_LOOKUPS: LookupSeed = {
  bankAccounts: [{ bankAccountType: "Conto bancario", bankName: "UniCredit Milano Buenos Aires", code: "CC 000104567890", iban: "IT73K0200802435000104567890" }],
  paymentModalities: [
    bonifico("Bonifico a vista", [["Dalla data fattura", 0, 0, "100"]]),
    bonifico("Bonifico 60 gg fine mese", [["Fine mese", 0, 2, "100"]]),
    bonifico("Acconto 30% e saldo a 30 gg", [["Dalla data fattura", 0, 0, "30"], ["Dalla data fattura", 30, 0, "70"]]),
  ],
  usualPaymentModality: "Bonifico a vista",
  items: [{ name: "Copia progetto su carta", description: "Stampa tavole di progetto formato A0", amount: 2500, vatRate: "22.00" }],
  services: [
    { name: "Progettazione impianti", description: "Progettazione impianti elettrici e meccanici", amount: 150000, vatRate: "22.00" },
    { name: "Direzione lavori", amount: 80000, vatRate: "22.00" },
    { name: "Pratica APE", description: "Attestato di prestazione energetica", amount: 25000, vatRate: "22.00" },
    { name: "Sopralluogo tecnico", amount: 12000, vatRate: "22.00" },
  ],
  agents: [{ title: "Ing.", firstName: "Paolo", lastName: "Neri", email1: "paolo.neri@example.it", agentCommissions: [{ fromAmount: 0, percentage: "3" }] }],
  sectionals: [{ name: "Privati", typology: "Persone fisiche", suffix: "P" }],
};

/** Realistic lookup data for a seeded tenant; skipped when the tenant already has bank accounts. */
async function seedLookupTables(db: Db, tenantId: number, seed: LookupSeed): Promise<void> {
  const scope = new TenantScope(db, tenantId);
  if ((await scope.count(bankAccounts)) > 0) return;
  // tenants created before the lookup tables existed missed their defaults
  if ((await scope.count(vatRates)) === 0 && (await scope.count(invoiceSectionals)) === 0) await initTenantDefaults(scope);
  for (const b of seed.bankAccounts) await seedRecord(bankAccountEntity, scope, b);
  const modalities = new Map<string, number>();
  for (const m of seed.paymentModalities) {
    const saved = await seedRecord(paymentModalityEntity, scope, m);
    modalities.set(saved.name, saved.id);
  }
  const rates = await scope.list(vatRates);
  const vat = (key: string) => {
    const [rate, natura] = key.split("/");
    const r = rates.find((x) => x.rate === rate && (natura ? x.natura === natura : !x.natura));
    return r ? { id: r.id } : null;
  };
  for (const i of seed.items) await seedRecord(itemEntity, scope, { ...i, vat: vat(i.vatRate) });
  for (const i of seed.services) await seedRecord(serviceEntity, scope, { ...i, vat: vat(i.vatRate) });
  for (const a of seed.agents) {
    let title = null;
    if (a.title) {
      const [existingTitle] = await scope.list(fieldValues, { where: and(eq(fieldValues.fieldName, "title"), eq(fieldValues.fieldValue, a.title)), limit: 1 });
      title = { id: (existingTitle ?? (await scope.insert(fieldValues, { fieldName: "title", fieldValue: a.title }))).id };
    }
    await seedRecord(agentEntity, scope, { ...a, title });
  }
  for (const s of seed.sectionals) await seedRecord(invoiceSectionalEntity, scope, s);
  const usual = modalities.get(seed.usualPaymentModality);
  if (usual) await db.update(tenants).set({ paymentModalityId: usual }).where(eq(tenants.id, tenantId));
}

/** The Anagrafica of a seeded tenant (db/seed-contacts.ts), after its lookup tables; skipped when it has contacts. */
async function seedContacts(scope: TenantScope): Promise<void> {
  if ((await scope.count(contacts)) > 0) return;
  const all = { limit: 1000 };
  const modalities = await paymentModalityEntity.options(scope, all);
  const accounts = await bankAccountEntity.options(scope, all);
  const [agent] = await agentEntity.options(scope, all);
  const pick = (list: Option[], i: number) => (list.length ? { id: list[i % list.length]!.id } : null);
  for (const { customerPayment, supplierPayment, withAgent, ...c } of SEED_CONTACTS) {
    await seedRecord(contactEntity, scope, {
      ...c,
      customerPaymentModality: customerPayment ? pick(modalities, customerPayment[0]) : null,
      customerBankAccount: customerPayment ? pick(accounts, customerPayment[1]) : null,
      supplierPaymentModality: supplierPayment ? pick(modalities, supplierPayment[0]) : null,
      supplierBankAccount: supplierPayment ? pick(accounts, supplierPayment[1]) : null,
      agent: withAgent && agent ? { id: agent.id } : null,
    });
  }
}

/**
 * Lavori and Ore lavorate of a seeded tenant (db/seed-activities.ts), after its contacts; skipped when it has jobs.
 * The jobs and their changes of state go through the entity with the acting user, as the API would (numbers,
 * history); then the history is dated back to when the changes happened. The hours of the two users are one
 * batched insert: planTimeEntries never overlaps a user's entries, and none is running.
 */
async function seedActivities(db: Db, tenantId: number, team: readonly [User, User], seed: SeedActivities, today: string): Promise<void> {
  const scope = new TenantScope(db, tenantId);
  if ((await scope.count(activities)) > 0) return;
  const actors = team.map((u) => new TenantScope(db, tenantId, { userId: u.id, roles: u.roles }));
  const customers = new Map((await scope.select({ id: contacts.id, code: contacts.code }).from(contacts).where(eq(contacts.isCustomer, true))).map((c) => [c.code, c.id]));
  const at = (daysAgo: number, time: string) => romeInstant(addDays(today, -daysAgo), time)!;
  const ids: number[] = [];
  for (const job of seed.jobs) {
    const contactId = customers.get(job.customer);
    if (!contactId) throw new Error(`seed: cliente ${job.customer} mancante`);
    const [first, ...changes] = job.history;
    let saved = await seedRecord(activityEntity, actors[first!.by ?? 0]!, {
      contact: { id: contactId },
      name: job.name,
      description: job.description ?? "",
      activityState: first!.state,
      paymentType: job.paymentType,
      activityAmount: job.amount ?? null,
      activityExpirationDate: job.dueInDays === undefined ? null : addDays(today, job.dueInDays),
      finished: job.finished === true && changes.length === 0,
    });
    for (const [i, change] of changes.entries()) {
      const finished = job.finished === true && i === changes.length - 1;
      saved = await activityEntity.update(actors[change.by ?? 0]!, saved.id, activityEntity.input.parse({ ...saved, activityState: change.state, finished }));
    }
    // the history as it happened: a change a morning of `daysAgo` days ago
    const logs = await scope.list(activityStateLogs, { where: eq(activityStateLogs.activityId, saved.id), orderBy: asc(activityStateLogs.id) });
    for (const [i, log] of logs.entries()) {
      const step = job.history[i]!;
      await scope.updateWhere(activityStateLogs, eq(activityStateLogs.id, log.id), { created: at(step.daysAgo, `09:${String(10 + i).padStart(2, "0")}`) });
    }
    await scope.updateWhere(activities, eq(activities.id, saved.id), { createdAt: at(first!.daysAgo, "09:10") });
    ids.push(saved.id);
  }
  const rows = planTimeEntries(seed, today, seededRandom(tenantId)).map((e) => {
    const when = entryInstants(e.date, e.startTime, e.endTime);
    if ("missing" in when) throw new Error(`seed: orario ${when.missing} inesistente il ${e.date}`);
    return { userId: team[e.user].id, activityId: ids[e.job]!, workDate: e.date, startAt: when.start, endAt: when.end, minutes: when.minutes, description: e.description, billable: e.billable, createdAt: when.end };
  });
  await scope.insertMany(timeEntries, rows);
}

async function existing(db: Db, username: string): Promise<{ tenant: Tenant; admin: User } | undefined> {
  const [row] = await db.select({ admin: users, tenant: tenants }).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(eq(users.username, username));
  return row;
}

/** Creates a record exactly as POST {url} would: through the entity's schema and create. */
export function seedRecord<E extends AnyEntity>(entity: E, scope: TenantScope, raw: unknown): ReturnType<E["create"]> {
  return entity.create(scope, entity.input.parse(raw)) as ReturnType<E["create"]>;
}
