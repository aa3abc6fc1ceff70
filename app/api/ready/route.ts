// GET /api/ready — readiness: the database answers and every committed migration is applied (db/health.ts);
// 503 otherwise, so a load balancer sends no traffic to an instance that cannot serve it. No session, no data:
// the reason of a 503 goes to the server's log only.
import { databaseReady } from "@/db/health";
import { fail, ok } from "@/lib/api/respond";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const state = await databaseReady();
  if (state.ready) return ok();
  console.error("[ready] non pronto:", state.reason);
  return fail(503, "Servizio non ancora pronto");
}
