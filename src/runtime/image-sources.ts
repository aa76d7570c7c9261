/** Blocks that can be saved as an image (posters) register a renderer under their id. */
const renderers = new Map<string, () => Promise<string>>();

export function registerImageSource(id: string, render: () => Promise<string>): () => void {
  renderers.set(id, render);
  return () => {
    if (renderers.get(id) === render) renderers.delete(id);
  };
}

export function imageSource(id: string): (() => Promise<string>) | undefined {
  return renderers.get(id);
}
