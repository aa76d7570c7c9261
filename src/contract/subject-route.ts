/**
 * The subject picker's route: where a page that needs a subject sends a visitor without one. The client's guard
 * redirects there (src/runtime/guards.ts); the server sends its HTML at once to a visitor whose request carries no
 * subject (src/server/client/shell-html.ts), so the picker paints before any script.
 */
export const CATEGORY_ROUTE = '/study/category';
