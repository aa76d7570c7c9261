import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come near the screen: within `margin` of the viewport (a CSS margin, default one screen
 * height below and above), once; it stays true. Blocks use it to leave work a user may never scroll to (a Markdown
 * renderer for rules at the bottom of a page) out of the page's start. Without IntersectionObserver (an old web view,
 * the server's renderer) it is true at once.
 */
export function useNearScreen(ref: RefObject<Element | null>, margin = '100% 0px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
