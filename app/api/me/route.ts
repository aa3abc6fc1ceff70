// GET /api/me — the logged-in user: username, roles, tenant.id (401 when nobody is logged in).
import { ok } from "@/lib/api/respond";
import { guarded } from "@/lib/api/route";

export const GET = guarded(null, async ({ user }) =>
  ok({
    username: user.username,
    roles: user.roles,
    tenant: { id: user.tenant.id, denomination: user.tenant.denomination, demo: user.tenant.demo, hasLogo: user.tenant.hasLogo },
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, color: user.color },
    // two-factor login: on for this user; required by the tenant (the shell then asks the user to set it up)
    twoFactor: { enabled: user.twoFactorOn, required: user.tenant.twoFactorRequired },
  }),
);
