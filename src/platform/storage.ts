/** localStorage that never throws (private mode, disabled storage, quota). */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      /* storage unavailable: keep the value in memory only */
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
  getJson<T>(key: string, fallback: T): T {
    const raw = this.get(key);
    if (raw === null) return fallback;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return fallback;
    }
  },
  setJson(key: string, value: unknown): void {
    this.set(key, JSON.stringify(value));
  },
};

/**
 * A first-party cookie the server reads (never a secret: the chosen subject for the first screen's data), set for the
 * whole site for a year, SameSite=Lax; `null` removes it. Never throws (cookies disabled, no document).
 */
export function setSiteCookie(name: string, value: string | null): void {
  try {
    const doc = globalThis.document;
    if (!doc) return;
    const secure = globalThis.location?.protocol === 'https:' ? '; secure' : '';
    doc.cookie =
      value === null
        ? `${name}=; path=/; max-age=0; samesite=lax${secure}`
        : `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax${secure}`;
  } catch {
    /* cookies unavailable: the server leaves the first screen's data to the client */
  }
}

export const STORAGE_KEYS = {
  jwt: 'beikao.jwt',
  isFirst: 'beikao.is_first',
  examContext: 'beikao.exam_context',
  /** A referral attribution ticket waiting for the first login (src/state/attribution.ts). */
  attribution: 'beikao.activity_ticket',
} as const;
