import './styles.css';
import { afterFirstScreenPainted, nextTask } from './app/first-paint';

// The shell's own styles belong to the first paint: they join styles.css in the entry CSS (inlined into the HTML),
// so the app chunk has no stylesheet of its own to wait for.
import.meta.glob(['./shell/**/*.css', './runtime/**/*.css', './platform/**/*.css', './app/**/*.css'], { eager: true });

/**
 * The app's largest libraries, each evaluated in a task of its own before the app (src/boot.tsx), which then finds
 * them evaluated: one evaluation of everything would be a task of a few hundred ms on a slow phone, and input waits.
 */
const LIBRARIES = [() => import('./app/react-dom-ready')];

/**
 * The entry is only this: the app (React and everything, src/boot.tsx) is its own chunk, preloaded by the HTML
 * (scripts/build-plugins.ts) once the first screen is painted, and run then. Evaluating a few hundred KB of script
 * first would hold that paint back on a slow phone.
 */
async function start(): Promise<void> {
  await afterFirstScreenPainted(document);
  performance.mark('beikao:painted');
  for (const library of LIBRARIES) {
    await library();
    performance.mark('beikao:library');
    await nextTask();
  }
  const app = await import('./boot');
  performance.mark('beikao:app-evaluated');
  await nextTask();
  app.start();
  performance.mark('beikao:app-started');
}

void start();
