/**
 * One app chunk instead of a dozen crumbs.
 *
 * Rolldown puts a module that the app (src/boot.tsx) imports and a lazy chunk imports too into a common chunk of its
 * own, even though a lazy chunk is only ever loaded by the app, after it: the build had a dozen such crumbs of
 * 0.2–4 KB (the message catalogue, storage, valtio, the time formats, the JSX runtime…). Each was a request, a
 * modulepreload, a compile and a module record on every first load: about 25 small main-thread tasks in a trace.
 *
 * `appChunkGroups(plugin)` gives two code-splitting groups, highest priority first:
 * - `client`: React, React DOM and the scheduler (src/app/react-dom-ready.ts evaluates them in a task of their own
 *   before the app, src/main.tsx), with React's JSX runtime;
 * - `app`: every module the app reaches by static imports from src/boot.tsx (what the app chunk runs anyway), so
 *   lazy chunks import those from the app chunk, which is already loaded when they are; except what the entry
 *   (src/main.tsx) reaches itself, which stays in the entry chunk (the entry must not load the app before the paint).
 * `plugin` records the static import graph when the build has parsed every module (`buildEnd`); the groups ask it
 * when chunks are made, which is later.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export const APP_ENTRY = 'src/boot.tsx';
export const PAGE_ENTRY = 'src/main.tsx';
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

export interface AppGraph {
  plugin: Plugin;
  /** Whether a module id is reached from the app entry by static imports (false before the build has parsed). */
  inApp(id: string): boolean;
}

/** The modules reached from `entry` by static imports only, in a graph given as id → static import ids. */
export function staticallyReached(entry: string, imports: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>([entry]);
  const todo = [entry];
  while (todo.length > 0) {
    const id = todo.pop() as string;
    for (const next of imports(id)) {
      if (seen.has(next)) continue;
      seen.add(next);
      todo.push(next);
    }
  }
  return seen;
}

export function appGraph(): AppGraph {
  let reached = new Set<string>();
  return {
    inApp: (id) => reached.has(id),
    plugin: {
      name: 'beikao:app-graph',
      apply: 'build',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const find = (file: string) => ids.find((id) => id.split(path.sep).join('/').endsWith(`/${file}`));
        const app = find(APP_ENTRY);
        const page = find(PAGE_ENTRY);
        if (!app || !page) this.error(`${APP_ENTRY} or ${PAGE_ENTRY} is not in the build`);
        const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
        const pageReached = staticallyReached(page, imports);
        // src/boot.tsx itself stays the dynamic entry the page imports (its own small chunk, `src/boot.tsx` in the
        // build manifest, which the preloads, the service worker and the budget look up).
        reached = new Set([...staticallyReached(app, imports)].filter((id) => id !== app && !pageReached.has(id)));
      },
    },
  };
}

/** The code-splitting groups (Rolldown's `output.codeSplitting.groups`). */
export function appChunkGroups(graph: AppGraph) {
  return [
    { name: 'client', test: REACT, priority: 2 },
    // Virtual modules (Vite's preload helper, which the entry uses too but imports only once the build adds it) stay
    // where the bundler puts them.
    {
      name: 'app',
      test: (id: string) => !id.startsWith('\0') && !REACT.test(id) && graph.inApp(id),
      priority: 1,
      // What the app imports from elsewhere (React, the entry's own modules, Vite's helpers) stays where it is.
      includeDependenciesRecursively: false,
    },
  ];
}
