/**
 * Making the poster's PNG again whenever what it shows changes: only the newest job's result is applied (a slow
 * earlier render finishing late never replaces a newer picture), and nothing is applied after `stop`.
 */
export interface PngJobs {
  /** Waits for `ready` (fonts), makes the PNG, hands it to `apply` when this is still the newest job; resolves with it. */
  run(make: () => Promise<string>, apply: (png: string) => void): Promise<string>;
  /** Drops the results of every job started so far (unmount, props changed). */
  stop(): void;
}

export function pngJobs(ready: () => Promise<unknown> = fontsReady): PngJobs {
  let newest = 0;
  return {
    async run(make, apply) {
      const mine = ++newest;
      await ready().catch(() => {});
      if (mine !== newest) return '';
      const png = await make();
      if (mine === newest) apply(png);
      return png;
    },
    stop() {
      newest++;
    },
  };
}

/** Resolves when the page's web fonts have loaded (at once where the Font Loading API is missing). */
export function fontsReady(): Promise<unknown> {
  const fonts = (globalThis.document as (Document & { fonts?: { ready?: Promise<unknown> } }) | undefined)?.fonts;
  return fonts?.ready ?? Promise.resolve();
}
