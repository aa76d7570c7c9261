/**
 * Video play info from a cloud video service (spec §7, "Other hosts"): a play URL of an HLS playlist that expires.
 * Two adapters: the real one signs URLs the way Tencent Cloud VOD's key hotlink protection does
 * (`t` hex expiry, `us` random, `sign = md5(KEY + Dir + t + us)`), and the offline sandbox (the default) signs the
 * same way and serves a real HLS stream from files in the repository, refusing expired or unsigned URLs.
 */
export interface PlayInfo {
  /** Absolute (real CDN) or same-origin (sandbox) URL of the HLS playlist (.m3u8), signed. */
  url: string;
  /** Unix seconds after which the URL (and its segments) are refused. */
  expires_at: number;
  /** `sandbox` or `tencent`. */
  provider: string;
}

export interface PlayRequest {
  /** Names the stream, e.g. `sample/intro` (a folder holding index.m3u8 and its segments). */
  mediaKey: string;
  /** The viewer the URL is issued to (written into `us`, so a leaked URL points at its user); null for public media. */
  viewerId: number | null;
}

export interface VideoProvider {
  readonly name: string;
  playInfo(req: PlayRequest): PlayInfo;
  /** Length of a stream in seconds (sum of its segments), or null when unknown. */
  durationOf(mediaKey: string): number | null;
}
