/** The roles of spec §6. Plain constants: the tables, the schemas, the navigation rules and the client share them. */
export const ROLES = ["ROLE_USER", "ROLE_DOCUMENT", "ROLE_ADMIN"] as const;
export type Role = (typeof ROLES)[number];
