import type { PosterProps } from './props.gen';

/**
 * The picture rule of the poster: only same-origin pictures are drawn. A picture from another origin would taint the
 * canvas (toDataURL throws), so the poster could not become the PNG the user long-presses to save; it is left out.
 */

/** True for a path on this site (`/activity/x.svg`, `x.svg`), an absolute URL of `origin`, or a `data:`/`blob:` URL. */
export function isSameOrigin(src: string, origin: string | undefined): boolean {
  const s = src.trim();
  if (s === '') return false;
  if (/^(data|blob):/i.test(s)) return true;
  // Protocol-relative (`//cdn…`) or with a scheme (`https:`, `http:`): compare origins.
  if (s.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(s)) {
    if (!origin) return false;
    try {
      return new URL(s, origin).origin === new URL(origin).origin;
    } catch {
      return false;
    }
  }
  return true;
}

/** The poster as drawn: background and image overlays from other origins removed (text and QR codes stay). */
export function drawableProps(p: PosterProps, origin: string | undefined): PosterProps {
  const background = p.background && isSameOrigin(p.background, origin) ? p.background : undefined;
  const overlays = (p.overlays ?? []).map((o) =>
    o.kind === 'image' && o.src && !isSameOrigin(o.src, origin) ? { ...o, src: undefined } : o,
  );
  const out: PosterProps = { ...p, overlays };
  if (background) out.background = background;
  else delete out.background;
  return out;
}

/** A key that changes whenever anything drawn changes (the PNG is made again then). */
export function posterKey(p: PosterProps): string {
  return JSON.stringify([p.background ?? '', p.backgroundColor ?? '', p.width ?? 0, p.height ?? 0, p.overlays ?? []]);
}
