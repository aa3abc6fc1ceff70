/**
 * Seed data shared by the demo (npm run db:seed), the integration tests and Playwright.
 * Tenant 1 is the public demo; tenant 2 an ordinary customer. Later areas extend seedDemoData().
 */
import { addDays, format } from "date-fns";
import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { createTenantWithAdmin } from "./queries/accounts";
import { tenants, users, type Tenant, type User } from "./schema";
import { hashPassword } from "@/lib/auth/password";

export const DEMO_LOGIN = { username: "demo", password: "demo1234" } as const;
export const ROSSI_LOGIN = { username: "mario.rossi@example.it", password: "rossi1234" } as const;
/** An ordinary employee of tenant 2 with ROLE_USER only (for role tests and the menu). */
export const BIANCHI_LOGIN = { username: "luca.bianchi@example.it", password: "bianchi1234" } as const;

const inDays = (n: number) => format(addDays(new Date(), n), "yyyy-MM-dd");

export interface Seeded {
  demo: { tenant: Tenant; admin: User };
  rossi: { tenant: Tenant; admin: User };
}

/** Idempotent: creates what is missing and leaves existing tenants alone. */
export async function seedDemoData(db: Db): Promise<Seeded> {
  const demo =
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
        invoiceEmailBody: "<p>Gentile cliente,</p><p>in allegato la fattura.</p><p>Cordiali saluti</p>",
        footer: "Demo S.r.l. - Capitale sociale € 10.000 i.v. - REA BO-123456",
      },
    }));

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
        stampApply: true,
        stampAmount: 200,
        footer: "Studio Tecnico Rossi - Ing. Mario Rossi - Albo Ingegneri di Milano n. 12345",
      },
    }));

  if (!(await existing(db, BIANCHI_LOGIN.username))) {
    await db.insert(users).values({
      tenantId: rossi.tenant.id,
      username: BIANCHI_LOGIN.username,
      email: BIANCHI_LOGIN.username,
      passwordHash: await hashPassword(BIANCHI_LOGIN.password),
      firstName: "Luca",
      lastName: "Bianchi",
      color: "#bae6fd",
      roles: ["ROLE_USER"],
    });
  }
  return { demo, rossi };
}

async function existing(db: Db, username: string): Promise<{ tenant: Tenant; admin: User } | undefined> {
  const [row] = await db.select({ admin: users, tenant: tenants }).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(eq(users.username, username));
  return row;
}
