/**
 * Text put into server-written HTML or SVG (the app shell, skeletons, the sandbox cashier, dev pages, generated art).
 * The five named or numeric forms used here are valid in both HTML and XML, so one function serves both, and they
 * are the ones the service worker decodes when it reads a page name back (src/sw/rules.ts).
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
