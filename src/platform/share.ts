export interface ShareData {
  title?: string;
  desc?: string;
  link?: string;
  image?: string;
}

/**
 * Shares through the system share sheet when there is one. Inside WeChat the page's share data is set
 * through the JS-SDK instead (issue on WeChat features). Failures are only logged (spec section 8).
 */
export async function share(data: ShareData): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
      await navigator.share({ title: data.title, text: data.desc, url: data.link });
      return true;
    }
  } catch (e) {
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
