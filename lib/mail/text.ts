/**
 * Plain-text bodies (the tenant's invoice e-mail, reminders) and their HTML part: every character
 * escaped, a blank line separates paragraphs, a single line break stays a line break.
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim() !== "")
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

/** Replaces {numero}, {data}, … with their values (unknown placeholders stay as written). */
export function fillPlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(/\{[a-z]+\}/g, (key) => values[key] ?? key);
}
