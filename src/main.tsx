import './styles.css';

// The shell's own styles belong to the first paint: they join styles.css in the entry CSS (inlined into the HTML),
// so the app chunk has no stylesheet of its own to wait for.
import.meta.glob(['./shell/**/*.css', './runtime/**/*.css', './platform/**/*.css', './app/**/*.css'], { eager: true });

/**
 * The entry is only this: the app (React and everything, src/boot.tsx) is its own chunk, preloaded by the HTML
 * (scripts/build-plugins.ts) so it downloads at once, and run after the browser painted the server's skeleton.
 * Evaluating a few hundred KB of script first would hold that paint back on a slow phone.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

void afterFirstPaint().then(() => import('./boot'));
