"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import Script from "next/script";
import { useEffect, useState, type ReactNode } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { alertDialog, confirmDialog } from "@/components/ui/dialogs";
import { useMediaQuery } from "@/components/ui/use-is-phone";
import { MenuIcon } from "@/components/ui/icons";
import { apiGet, apiPost } from "@/lib/client/api";
import { isRememberable, LAST_ROUTE_COOKIE, routeTitle, type MenuItem } from "@/lib/navigation";
import { subscriptionLine } from "@/lib/subscription";
import { TENANT_LOGO_CHANGED_EVENT, TenantSettingsModal } from "@/components/settings/tenant-settings-modal";
import { TimeTracker } from "@/components/time-entries/time-tracker";
import { NotificationsBell } from "./notifications-bell";
import { ProfileDialog } from "./profile-dialog";
import { SessionRolesProvider } from "./session-roles";
import { SideMenu } from "./side-menu";
import { TENANT_SETTINGS_EVENT } from "./tenant-settings-event";
import { TwoFactorNotice } from "./two-factor-notice";

export interface ShellUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  color: string;
  roles: string[];
  /** Two-factor login is on for this user. */
  twoFactorOn?: boolean;
}

export interface ShellTenant {
  id: number;
  denomination: string;
  hasLogo: boolean;
  isDemo: boolean;
  expiresInDays: number;
  isFree: boolean;
  /** The tenant requires two-factor login: a user without it sees TwoFactorNotice instead of the page. */
  twoFactorRequired?: boolean;
}

/** Spec section 9: menu is a fixed column from 992 px up, an overlay below. */
export const DESKTOP_BREAKPOINT_PX = 991;
export const LOGO_HINT = 'Per cambiare il tuo logo vai nella sezione "Impostazioni"';
export const LOGOUT_CONFIRM = "Effettuare il logout?";

/** The last route, for the redirect rules applied by the request guard (proxy.ts). */
function rememberRoute(path: string) {
  if (isRememberable(path)) document.cookie = `${LAST_ROUTE_COOKIE}=${path}; path=/; max-age=${60 * 60 * 24 * 90}; samesite=lax`;
}

function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width: ${DESKTOP_BREAKPOINT_PX + 1}px)`, true);
}

export function Shell(props: { user: ShellUser; tenant: ShellTenant; menu: MenuItem[]; chatScriptUrl: string | null; children: ReactNode }) {
  const { tenant, menu, chatScriptUrl, children } = props;
  const [user, setUser] = useState(props.user);
  const pathname = usePathname();
  const desktop = useIsDesktop();
  const [menuOpen, setMenuOpen] = useState(true);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [twoFactorOn, setTwoFactorOn] = useState(Boolean(props.user.twoFactorOn));
  const [logo, setLogo] = useState<string | null>(null);
  const title = routeTitle(pathname);
  const sub = subscriptionLine(tenant, user.roles);

  useEffect(() => {
    // Marks the page as interactive (browser tests wait for it before clicking).
    document.documentElement.dataset.hydrated = "1";
  }, []);

  useEffect(() => {
    setOverlayOpen(false);
    rememberRoute(pathname);
  }, [pathname]);

  // The drawer's 'Impostazioni' opens a dialog over the page: the drawer closes, as a link's navigation closes it
  // (it stayed open behind the dialog and was still there after saving).
  useEffect(() => {
    const onSettings = () => setOverlayOpen(false);
    window.addEventListener(TENANT_SETTINGS_EVENT, onSettings);
    return () => window.removeEventListener(TENANT_SETTINGS_EVENT, onSettings);
  }, []);

  // The settings modal announces a saved or deleted logo; the thumbnail is fetched again.
  const [logoRevision, setLogoRevision] = useState(0);
  useEffect(() => {
    const onLogoChanged = () => setLogoRevision((n) => n + 1);
    window.addEventListener(TENANT_LOGO_CHANGED_EVENT, onLogoChanged);
    return () => window.removeEventListener(TENANT_LOGO_CHANGED_EVENT, onLogoChanged);
  }, []);

  useEffect(() => {
    if (!tenant.hasLogo && logoRevision === 0) return;
    // A missing logo is not an error worth telling anyone about (spec section 8).
    apiGet<{ base64: string | null; contentType: string | null }>("/api/tenants/get-logo-thumb")
      .then((r) => setLogo(r.base64 ? `data:${r.contentType ?? "image/jpeg"};base64,${r.base64}` : null))
      .catch(() => {});
  }, [tenant.hasLogo, logoRevision]);

  async function onLogout() {
    if (!(await confirmDialog(LOGOUT_CONFIRM))) return;
    try {
      await apiPost("/api/logout");
    } catch {
      // the user is sent to /login even if the call fails
    }
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load after the session changes: no client state of the old session survives
    window.location.assign("/login");
  }

  function toggleMenu() {
    if (desktop) setMenuOpen((v) => !v);
    else setOverlayOpen((v) => !v);
  }

  return (
    <SessionRolesProvider roles={user.roles} isDemo={tenant.isDemo}>
      <div className="flex min-h-screen flex-col">
        <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b border-border bg-white px-3 shadow-sm">
          <Button variant="ghost" size="icon" aria-label="Menu" onClick={toggleMenu} data-testid="menu-toggle">
            <MenuIcon size={20} />
          </Button>
          {logo ? (
            // eslint-disable-next-line @next/next/no-img-element -- the tenant logo is a data: URL read from the API: nothing for next/image to optimise
            <img src={logo} alt={tenant.denomination} className="max-h-[70px] max-w-[200px] min-w-0 object-contain" style={{ maxHeight: 40 }} />
          ) : (
            <button
              type="button"
              className="min-w-0 truncate rounded-md border border-dashed border-primary-300 px-3 py-1 text-sm font-semibold text-primary-700"
              onClick={() => alertDialog(LOGO_HINT)}
              title={LOGO_HINT}
            >
              {tenant.denomination}
            </button>
          )}
          <TimeTracker />
          <SubscriptionLine sub={sub} className="hidden items-center gap-2 text-sm md:flex" testId="subscription" />
          <NotificationsBell />
          <Button variant="secondary" size="sm" onClick={() => setProfileOpen(true)}>
            <span className="inline-block h-3 w-3 rounded-full border border-border" style={{ background: user.color }} aria-hidden />
            Profilo
          </Button>
          <Button variant="secondary" size="sm" onClick={onLogout}>
            Logout
          </Button>
        </header>
        {/* phones: the top bar has no room, the subscription gets a line of its own under it */}
        <SubscriptionLine sub={sub} className="flex items-center justify-between gap-2 border-b border-border bg-white px-3 py-1 text-xs md:hidden" testId="subscription-mobile" />
        {tenant.isDemo && (
          <div className="flex flex-wrap items-center justify-center gap-3 bg-primary-700 px-4 py-2 text-center text-white" data-testid="demo-cta">
            <span>Questa è la demo. Prova il gestionale per la tua attività: 30 giorni gratis, senza carta di credito.</span>
            <Link href="/sign-up" className="rounded-md bg-white px-3 py-1 font-semibold text-primary-800 hover:bg-primary-50">
              Prova gratis
            </Link>
          </div>
        )}
        <div className="relative flex flex-1">
          {desktop && menuOpen && (
            <aside className="w-60 shrink-0 border-r border-border bg-white" data-testid="side-menu">
              <SideMenu items={menu} pathname={pathname} />
            </aside>
          )}
          {!desktop && overlayOpen && (
            <div className="fixed inset-0 z-50" data-testid="side-menu-overlay">
              <div className="absolute inset-0 bg-black/30" onClick={() => setOverlayOpen(false)} />
              <aside className="absolute inset-y-0 left-0 w-64 overflow-y-auto bg-white shadow-xl" data-testid="side-menu">
                <SideMenu items={menu} pathname={pathname} />
              </aside>
            </div>
          )}
          <main className="min-w-0 flex-1 p-4">
            {title && <h1 className="mb-4 text-xl font-semibold text-gray-900">{title}</h1>}
            {tenant.twoFactorRequired && !twoFactorOn ? <TwoFactorNotice onEnabled={() => setTwoFactorOn(true)} /> : children}
          </main>
        </div>
        <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} onSaved={(u) => setUser((x) => ({ ...x, ...u }))} onTwoFactorChange={setTwoFactorOn} />
        <TenantSettingsModal />
        {tenant.isDemo && chatScriptUrl && <Script src={chatScriptUrl} strategy="lazyOnload" />}
      </div>
    </SessionRolesProvider>
  );
}

/** Days left (or since expiry) and the purchase or renewal link. */
function SubscriptionLine({ sub, className, testId }: { sub: ReturnType<typeof subscriptionLine>; className: string; testId: string }) {
  return (
    <div className={className} data-testid={testId}>
      <span className={cn(sub.expired ? "font-semibold text-danger-700" : "text-gray-600")}>{sub.text}</span>
      {sub.offer && (
        <Link href={sub.offer.href} className={buttonClasses("link", "sm")}>
          {sub.offer.label}
        </Link>
      )}
    </div>
  );
}
