/** A latch: `fire` calls `fn` the first time only (survives React StrictMode's effect double-invoke through a ref). */
export function runOnce(latch: { current: boolean }, fn: () => unknown): boolean {
  if (latch.current) return false;
  latch.current = true;
  fn();
  return true;
}
