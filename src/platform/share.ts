export interface ShareData {
  title?: string;
  desc?: string;
  link?: string;
  image?: string;
}

/**
 * Shares through the system share sheet when there is one; false when there is none (the caller copies the link).
 * Inside WeChat the page's share card is set through the JS-SDK instead (the activity-share block). Failures are
 * only logged (spec section 8).
 */
export async function share(data: ShareData): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
      await navigator.share({ title: data.title, text: data.desc, url: data.link });
      return true;
    }
  } catch (e) {
    // The user closed the share sheet: it was offered, nothing else to do.
    if (e instanceof Error && e.name === 'AbortError') return true;
    console.warn('share failed', e);
  }
  return false;
}

/** Saves an image (URL or data URL) by downloading it. */
export function saveImage(src: string, filename = 'beikao.png'): void {
  const a = document.createElement('a');
  a.href = src;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
