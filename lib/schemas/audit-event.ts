/** The audit log of security events (db/queries/audit-events.ts): its event types and their Italian names, shared by server and grid. */

export const AUDIT_EVENTS_URL = "/api/audit-events";

export const AUDIT_EVENT_TYPES = [
  "login_ok",
  "login_failed",
  "logout",
  "password_changed",
  "password_reset",
  "two_factor_on",
  "two_factor_off",
  "recovery_code_used",
  "role_changed",
  "user_disabled",
  "user_enabled",
  "user_invited",
  "export",
  "licence_changed",
  "settings_changed",
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** The events' names as Impostazioni › Sicurezza shows them. */
export const AUDIT_EVENT_LABELS: Record<AuditEventType, string> = {
  login_ok: "Accesso riuscito",
  login_failed: "Accesso non riuscito",
  logout: "Uscita",
  password_changed: "Password cambiata",
  password_reset: "Password reimpostata",
  two_factor_on: "Autenticazione a due fattori attivata",
  two_factor_off: "Autenticazione a due fattori disattivata",
  recovery_code_used: "Codice di recupero usato",
  role_changed: "Ruoli modificati",
  user_disabled: "Utente disabilitato",
  user_enabled: "Utente abilitato",
  user_invited: "Utente invitato",
  export: "Esportazione",
  licence_changed: "Licenza modificata",
  settings_changed: "Impostazioni modificate",
};

/** Events an admin should notice, shown in red (a failed login) or amber (access taken away or credentials changed). */
export const AUDIT_EVENT_TONES: Partial<Record<AuditEventType, "red" | "amber" | "green">> = {
  login_failed: "red",
  user_disabled: "amber",
  two_factor_off: "amber",
  recovery_code_used: "amber",
  role_changed: "amber",
  login_ok: "green",
};
