/**
 * A link target that leaves the app (an absolute http(s) URL): blocks render it as a plain `<a href>` so the browser
 * navigates, instead of the router's Link, which only knows the app's own paths.
 */
export function isExternal(to: string): boolean {
  return /^https?:\/\//i.test(to);
}
