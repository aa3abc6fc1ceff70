export * from "./columns";
export * from "./tenants";
export * from "./users";
export * from "./auth";
export * from "./field-values";
