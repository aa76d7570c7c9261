// hls.js ships types for its full build only; the light build (`hls.js/light`: no subtitles, alternate audio, DRM,
// CMCD or interstitials, which course videos do not use) has the same API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
