/**
 * Routes, titles, role rules, the side menu and the redirect rules of spec sections 2 and 6,
 * as pure functions shared by the request guard (proxy.ts), the server layout and the client shell.
 */
import type { Role } from "@/lib/schemas/roles";

export interface NavUser {
  username: string;
  roles: Role[];
  tenantId: number;
}

export const PUBLIC_PATHS = ["/login", "/reset-password", "/reset-password-two", "/confirm-email", "/sign-in", "/sign-up", "/condizioni", "/auth/access", "/auth/error"];

/** Cookie holding the last visited route (set by the proxy on page loads and by the shell on client navigations). */
export const LAST_ROUTE_COOKIE = "last_route";

/** Routes never remembered as "last route". */
const NOT_REMEMBERED = new Set(["/dashboard", "/login"]);

export interface RouteDef {
  path: string;
  title: string;
  /** Roles needed on top of ROLE_USER. */
  role?: Role;
  /** Only for tenants listed in QUOTE_TENANT_IDS. */
  quotes?: boolean;
  /** Only needs a login (not ROLE_USER). */
  loginOnly?: boolean;
}

export const ROUTES: RouteDef[] = [
  { path: "/", title: "" },
  { path: "/dashboard", title: "", loginOnly: true },
  { path: "/anagrafica", title: "Anagrafica" },
  { path: "/lavori", title: "Lavori" },
  { path: "/agenda", title: "Agenda" },
  { path: "/impegni", title: "Impegni" },
  { path: "/preventivi", title: "Preventivi", quotes: true },
  { path: "/report-ore-vendite", title: "Report ore e vendite", role: "ROLE_ADMIN" },
  { path: "/lista-lavori-eseguiti", title: "Lista lavori eseguiti", role: "ROLE_ADMIN" },
  { path: "/report-lavori-conclusi", title: "Report lavori conclusi", role: "ROLE_ADMIN" },
  { path: "/report-fatturazione", title: "Report fatturazione", role: "ROLE_ADMIN" },
  { path: "/report-impegni-svolti", title: "Report impegni svolti", role: "ROLE_ADMIN" },
  { path: "/fatture-proforma", title: "Fatture proforma", role: "ROLE_DOCUMENT" },
  { path: "/fatture", title: "Fatture", role: "ROLE_DOCUMENT" },
  { path: "/fatture-acquisto", title: "Fatture d'acquisto", role: "ROLE_DOCUMENT" },
  { path: "/scadenziario", title: "Scadenziario", role: "ROLE_DOCUMENT" },
  // the bank movements and their matching to the deadlines (issue 32)
  { path: "/banca", title: "Banca", role: "ROLE_DOCUMENT" },
  { path: "/conti-corrente", title: "Conti corrente", role: "ROLE_DOCUMENT" },
  { path: "/modalita-pagamento", title: "Modalità pagamento", role: "ROLE_DOCUMENT" },
  { path: "/aliquote-iva", title: "Aliquote IVA", role: "ROLE_DOCUMENT" },
  { path: "/agenti", title: "Agenti", role: "ROLE_DOCUMENT" },
  { path: "/prodotti", title: "Prodotti", role: "ROLE_DOCUMENT" },
  { path: "/servizi", title: "Servizi", role: "ROLE_DOCUMENT" },
  { path: "/utenti", title: "Utenti", role: "ROLE_ADMIN" },
  // the audit log of security events (GET /api/audit-events)
  { path: "/sicurezza", title: "Sicurezza", role: "ROLE_ADMIN" },
  // the planned operations make sales documents: their API is ROLE_DOCUMENT (db/queries/planned-operations.ts)
  { path: "/operazioni-pianificate", title: "Operazioni pianificate", role: "ROLE_DOCUMENT" },
  // what the PEC mailbox could not place (issue 31, GET /api/sdi-inbox)
  { path: "/sdi-da-verificare", title: "SDI da verificare", role: "ROLE_DOCUMENT" },
  { path: "/acquista", title: "Acquista" },
];

export function quoteTenantIds(raw = process.env.NEXT_PUBLIC_QUOTE_TENANT_IDS ?? process.env.QUOTE_TENANT_IDS): number[] {
  return (raw ?? "315,66")
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(path) || path.startsWith("/auth/");
}

export function findRoute(path: string): RouteDef | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return ROUTES.find((r) => r.path === clean) ?? (clean.startsWith("/acquista/") ? ROUTES.find((r) => r.path === "/acquista") : undefined);
}

export function routeTitle(path: string): string {
  return findRoute(path)?.title ?? "";
}

export function hasRoleOrNone(user: NavUser | null, role?: Role): boolean {
  return !role || Boolean(user?.roles.includes(role));
}

/** Can this user open this route? Unknown paths are "allowed" so the not-found page shows. */
export function canSee(user: NavUser | null, path: string, quoteTenants = quoteTenantIds()): boolean {
  if (isPublicPath(path)) return true;
  if (!user) return false;
  const route = findRoute(path);
  if (!route) return true;
  if (route.loginOnly) return true;
  if (!user.roles.includes("ROLE_USER")) return false;
  if (route.quotes && !quoteTenants.includes(user.tenantId)) return false;
  return hasRoleOrNone(user, route.role);
}

export function startPage(user: NavUser | null): string {
  if (!user) return "/login";
  return user.roles.includes("ROLE_USER") ? "/" : "/dashboard";
}

export function isRememberable(path: string): boolean {
  return !NOT_REMEMBERED.has(path) && !isPublicPath(path) && Boolean(findRoute(path));
}

export function isDemoUser(user: NavUser | null): boolean {
  return Boolean(user && (user.username === "demo" || user.tenantId === 1));
}

export type NavDecision = { kind: "allow" } | { kind: "redirect"; to: string } | { kind: "logout" };

/**
 * Whether a request was started by our own pages or by the user (address bar, bookmark), from its
 * Sec-Fetch-Site header: absent (older browsers, scripts), 'same-origin' or 'none'. A link or form on
 * another site, a sibling subdomain included, is not.
 */
export function isOwnNavigation(secFetchSite: string | null | undefined): boolean {
  return secFetchSite == null || secFetchSite === "same-origin" || secFetchSite === "none";
}

/**
 * Spec section 2, navigation rules: the demo user reaching /login is logged out (only on an own
 * navigation: another site cannot end a session by linking to /login, it gets the redirect of any
 * logged-in user); a path the user may not see sends them to the last remembered route (if they may
 * see it), else / for ordinary users, /dashboard for the others, /login for nobody.
 */
export function decideNavigation(
  path: string,
  user: NavUser | null,
  lastRoute: string | null,
  quoteTenants = quoteTenantIds(),
  { ownNavigation = true }: { ownNavigation?: boolean } = {},
): NavDecision {
  if (user && path === "/login" && user.username === "demo" && ownNavigation) return { kind: "logout" };
  if (user && path === "/login") return { kind: "redirect", to: fallbackRoute(user, lastRoute, quoteTenants) };
  if (canSee(user, path, quoteTenants)) return { kind: "allow" };
  if (!user) return { kind: "redirect", to: "/login" };
  return { kind: "redirect", to: fallbackRoute(user, lastRoute, quoteTenants) };
}

export function fallbackRoute(user: NavUser, lastRoute: string | null, quoteTenants = quoteTenantIds()): string {
  if (lastRoute && isRememberable(lastRoute) && canSee(user, lastRoute, quoteTenants)) return lastRoute;
  return startPage(user);
}

export interface MenuItem {
  label: string;
  path?: string;
  /** Opens the tenant settings modal instead of navigating. */
  action?: "tenant-settings";
  role?: Role;
  quotes?: boolean;
  badge?: string;
  children?: MenuItem[];
}

export const MENU: MenuItem[] = [
  {
    label: "Sezioni",
    children: [
      { label: "Homepage", path: "/" },
      { label: "Anagrafica", path: "/anagrafica" },
      { label: "Lavori", path: "/lavori" },
      { label: "Agenda", path: "/agenda" },
      { label: "Impegni", path: "/impegni" },
      { label: "Preventivi", path: "/preventivi", quotes: true, badge: "beta" },
    ],
  },
  {
    label: "Amministrazione",
    role: "ROLE_DOCUMENT",
    children: [
      { label: "Fatture proforma", path: "/fatture-proforma" },
      { label: "Fatture", path: "/fatture" },
      { label: "Fatture d'acquisto", path: "/fatture-acquisto" },
      { label: "Scadenziario", path: "/scadenziario" },
      { label: "Banca", path: "/banca" },
      // the recurring documents (issue 30: reached only by URL before); the route's ROLE_DOCUMENT, as the group's
      { label: "Operazioni pianificate", path: "/operazioni-pianificate" },
      { label: "SDI da verificare", path: "/sdi-da-verificare" },
      {
        label: "Tabelle",
        children: [
          { label: "Prodotti", path: "/prodotti" },
          { label: "Servizi", path: "/servizi" },
          { label: "Conti corrente", path: "/conti-corrente" },
          { label: "Modalità pagamento", path: "/modalita-pagamento" },
          { label: "Aliquote IVA", path: "/aliquote-iva" },
          { label: "Agenti", path: "/agenti" },
        ],
      },
    ],
  },
  {
    label: "Statistiche",
    role: "ROLE_ADMIN",
    children: [
      { label: "Report ore e vendite", path: "/report-ore-vendite" },
      { label: "Lista lavori eseguiti", path: "/lista-lavori-eseguiti" },
      { label: "Report lavori conclusi", path: "/report-lavori-conclusi" },
      { label: "Report fatturazione", path: "/report-fatturazione" },
      { label: "Report impegni svolti", path: "/report-impegni-svolti" },
    ],
  },
  {
    label: "Impostazioni",
    role: "ROLE_ADMIN",
    children: [
      { label: "Impostazioni", action: "tenant-settings" },
      { label: "Utenti", path: "/utenti" },
      { label: "Sicurezza", path: "/sicurezza" },
    ],
  },
];

/** The menu this user sees: items gated by role and tenant, then groups left empty dropped. */
export function visibleMenu(user: NavUser | null, items: MenuItem[] = MENU, quoteTenants = quoteTenantIds()): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (!hasRoleOrNone(user, item.role)) continue;
    if (item.quotes && !(user && quoteTenants.includes(user.tenantId))) continue;
    if (item.path && !canSee(user, item.path, quoteTenants)) continue;
    if (item.children) {
      const children = visibleMenu(user, item.children, quoteTenants);
      if (children.length === 0) continue;
      out.push({ ...item, children });
    } else {
      out.push(item);
    }
  }
  return out;
}
