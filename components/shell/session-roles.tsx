"use client";

import { createContext, useContext, type ReactNode } from "react";

const SessionRolesContext = createContext<readonly string[]>([]);
const DemoContext = createContext(false);

/**
 * The logged-in user's roles for client components (the Shell provides them), e.g. a '+' that opens a
 * form of the Tabelle only for ROLE_DOCUMENT. A convenience for what to show: the server checks every call.
 */
export function SessionRolesProvider({ roles, isDemo = false, children }: { roles: readonly string[]; isDemo?: boolean; children: ReactNode }) {
  return (
    <SessionRolesContext.Provider value={roles}>
      <DemoContext.Provider value={isDemo}>{children}</DemoContext.Provider>
    </SessionRolesContext.Provider>
  );
}

/** Whether the session's tenant is the demo (hints such as the row form's about more VAT rates). */
export function useIsDemo(): boolean {
  return useContext(DemoContext);
}

/** Whether the session's user has the role (false outside the shell). */
export function useHasRole(role: string): boolean {
  return useContext(SessionRolesContext).includes(role);
}
