"use client";

import { createContext, useContext, type ReactNode } from "react";

const SessionRolesContext = createContext<readonly string[]>([]);

/**
 * The logged-in user's roles for client components (the Shell provides them), e.g. a '+' that opens a
 * form of the Tabelle only for ROLE_DOCUMENT. A convenience for what to show: the server checks every call.
 */
export function SessionRolesProvider({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  return <SessionRolesContext.Provider value={roles}>{children}</SessionRolesContext.Provider>;
}

/** Whether the session's user has the role (false outside the shell). */
export function useHasRole(role: string): boolean {
  return useContext(SessionRolesContext).includes(role);
}
