#!/bin/sh
# Regenerates the sample HLS streams of media/hls/ (see media/hls/README.md). Not run by the tests: the files are
# committed. Needs ffmpeg with libx264 and the native AAC encoder (Debian's ffmpeg has both).
set -eu
cd "$(dirname "$0")/.."
OUT=media/hls/sample

# encode <folder> <video kbit/s> <inputs and filter…>: H.264 main profile, 320x180 at 8 fps, a key frame exactly
# every 6 s (48 frames, so every segment starts with one and lasts 6 s), the given video bitrate and 8 kbit/s mono
# AAC at 16 kHz, cut into 6-second MPEG-TS segments of a VOD playlist. The bit-exact flags and one x264 thread
# keep reruns byte-identical on the same ffmpeg build.
encode() {
  dir="$1"; kbps="$2"; shift 2
  rm -rf "$dir" && mkdir -p "$dir"
  ffmpeg -hide_banner -loglevel error -y "$@" \
    -map '[v]' -map 1:a \
    -c:v libx264 -profile:v main -preset veryslow -pix_fmt yuv420p \
    -b:v "${kbps}k" -maxrate "$((kbps * 4 / 3))k" -bufsize "$((kbps * 8 / 3))k" -g 48 -keyint_min 48 -sc_threshold 0 -x264-params threads=1 \
    -c:a aac -b:a 8k -ac 1 -ar 16000 \
    -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -f hls -hls_time 6 -hls_playlist_type vod -hls_list_size 0 \
    -hls_segment_filename "$dir/seg-%03d.ts" "$dir/index.m3u8"
}

# lesson-a: 60 s of the moving testsrc2 pattern, 440 Hz tone at a quiet volume.
encode "$OUT/lesson-a" 20 \
  -f lavfi -i 'testsrc2=size=320x180:rate=8:duration=60' \
  -f lavfi -i 'sine=frequency=440:sample_rate=16000:duration=60' \
  -filter_complex '[0:v]null[v];[1:a]volume=0.1' \
  -t 60

# lesson-b: 95 s of SMPTE colour bars with a small moving testsrc2 inset (top right), 660 Hz tone.
encode "$OUT/lesson-b" 12 \
  -f lavfi -i 'smptebars=size=320x180:rate=8:duration=95' \
  -f lavfi -i 'sine=frequency=660:sample_rate=16000:duration=95' \
  -f lavfi -i 'testsrc2=size=96x54:rate=8:duration=95' \
  -filter_complex '[0:v][2:v]overlay=x=W-w-8:y=8[v];[1:a]volume=0.1' \
  -t 95
