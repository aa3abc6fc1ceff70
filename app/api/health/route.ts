// GET /api/health — liveness: the process answers (no database, no session, no data). The image's HEALTHCHECK
// and a load balancer's probe call it; readiness (the database) is GET /api/ready.
import { ok } from "@/lib/api/respond";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return ok();
}
