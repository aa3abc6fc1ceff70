// GET /api/platform/orders — the open subscription orders of every tenant (platform operator only).
import { listOpenOrders } from "@/db/queries/subscription-orders";
import { ok } from "@/lib/api/respond";
import { operatorRoute } from "../_lib/operator";

export const GET = operatorRoute(async ({ db }) => ok({ orders: await listOpenOrders(db) }));
