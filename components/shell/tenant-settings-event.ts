/** The Impostazioni menu item opens the tenant settings modal wherever it is mounted. */
export const TENANT_SETTINGS_EVENT = "open-tenant-settings";

export function openTenantSettings(): void {
  window.dispatchEvent(new Event(TENANT_SETTINGS_EVENT));
}
