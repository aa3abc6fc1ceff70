// GET /api/users/get-profile — the current user's profile.
import { getUserOrThrow, toProfile } from "@/db/queries/users";
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded(null, async ({ scope, user }) => ok({ user: toProfile(await getUserOrThrow(scope, user.id)) }));
