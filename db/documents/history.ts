/** A document's history: every state change, written in the transaction that makes it, and read back for the form. */
import "server-only";
import { asc, eq } from "drizzle-orm";
import { documents, documentStateLogs, users } from "@/db/schema";
import { lit, type TenantScope } from "@/db/scope";
import { INVOICE_MESSAGES, type DocumentState } from "@/lib/schemas/invoice";

export async function logState(tx: TenantScope, documentId: number, before: DocumentState | null, after: DocumentState): Promise<void> {
  // the code's own values, written into the statement (db/scope.ts lit): one round trip
  await tx.insert(documentStateLogs, { documentId: lit(documentId), stateBefore: lit(before), stateAfter: lit(after), userId: lit(tx.actor?.userId ?? null) } as never);
}

/** The document's history of states and sends (oldest first), with who made each change. */
export async function documentHistory(scope: TenantScope, id: number) {
  await scope.getOrThrow(documents, id, INVOICE_MESSAGES.notFound);
  const logs = await scope
    .select({ log: documentStateLogs, firstName: users.firstName, lastName: users.lastName })
    .from(documentStateLogs)
    .leftJoin(users, eq(documentStateLogs.userId, users.id))
    .where(eq(documentStateLogs.documentId, id))
    .orderBy(asc(documentStateLogs.created), asc(documentStateLogs.id));
  return logs.map(({ log: l, firstName, lastName }) => ({
    stateBefore: l.stateBefore,
    stateAfter: l.stateAfter,
    note: l.note,
    created: new Date(l.created).toISOString(),
    userId: l.userId,
    user: l.userId !== null ? `${firstName ?? ""} ${lastName ?? ""}`.trim() : null,
  }));
}
