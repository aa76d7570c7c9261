import { QRCodeCanvas } from 'qrcode.react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import { DEFAULT_COLOR, DEFAULT_FONT_SIZE, designSize, fitScale, LINE_HEIGHT, overlayRect } from './layout';
import { pngJobs } from './png-jobs';
import type { PosterProps } from './props.gen';
import { renderPosterPng } from './render-canvas';
import { drawableProps, posterKey } from './same-origin';
import './poster.css';

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** The finished poster: one PNG picture, so a long press (in WeChat too) offers 保存图片. */
export function PosterPicture({ png }: { png: string }) {
  return <img className="poster-png" src={png} alt={i18n.activityBlocks.posterAlt} draggable={false} />;
}

/**
 * A share poster drawn in the DOM at screen width, then shown as its rendered PNG on top once fonts, pictures and QR
 * codes are ready (again whenever the props change). Pictures of other origins are left out (they would taint the
 * canvas). saveImage actions targeting its id get the PNG.
 */
export default function PosterBlock({ props: raw, page }: BlockProps<PosterProps>) {
  const props = drawableProps(raw, globalThis.location?.origin);
  /** Changes with anything drawn: the PNG is made again. */
  const drawn = posterKey(props);
  const size = designSize(props);
  const { width, height } = size;
  const box = useRef<HTMLDivElement>(null);
  const qrs = useRef(new Map<number, HTMLCanvasElement>());
  const latest = useRef(props);
  latest.current = props;
  const [scale, setScale] = useState(() => fitScale(size, Math.min(globalThis.innerWidth ?? 375, 750) - 24));
  const [png, setPng] = useState<{ drawn: string; src: string } | null>(null);
  const jobs = useMemo(() => pngJobs(), []);

  useIsoLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setScale(fitScale({ width, height }, el.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [width, height]);

  // The QR canvases draw in their own effects, which run before this one: everything is on the page here.
  useEffect(() => {
    jobs.run(
      () => renderPosterPng(latest.current, qrs.current),
      (src) => setPng(src ? { drawn, src } : null),
    );
    return () => jobs.stop();
  }, [jobs, drawn]);
  const shown = png && png.drawn === drawn ? png.src : '';

  const render = useCallback(async () => (shown ? shown : renderPosterPng(latest.current, qrs.current)), [shown]);
  useEffect(() => page.registerImageSource(props.id, render), [page, props.id, render]);

  return (
    <section className="poster" ref={box} data-testid={`poster-${props.id}`} style={{ height: size.height * scale }}>
      <div
        className="poster-canvas"
        role="img"
        aria-label={i18n.activityBlocks.posterAlt}
        aria-hidden={shown ? true : undefined}
        style={{ width: size.width, height: size.height, transform: `scale(${scale})`, background: props.backgroundColor ?? '#ffffff' }}
      >
        {props.background ? <img className="poster-bg" src={props.background} alt="" crossOrigin="anonymous" /> : null}
        {props.overlays.map((o, i) => {
          const r = overlayRect(o, size);
          const pos = { left: r.x, top: r.y, width: r.width, height: r.height };
          const key = `${o.kind}-${i}`;
          if (o.kind === 'image')
            return o.src ? <img key={key} className="poster-image" src={o.src} alt="" crossOrigin="anonymous" style={pos} /> : null;
          if (o.kind === 'qr') {
            return o.value ? (
              <div key={key} className="poster-qr" style={pos}>
                <QRCodeCanvas
                  value={o.value}
                  size={r.width}
                  marginSize={1}
                  fgColor={o.color ?? '#000000'}
                  style={{ display: 'block', width: '100%', height: '100%' }}
                  ref={(el) => {
                    if (el) qrs.current.set(i, el);
                    else qrs.current.delete(i);
                  }}
                />
              </div>
            ) : null;
          }
          const fontSize = o.fontSize ?? DEFAULT_FONT_SIZE;
          return (
            <div
              key={key}
              className="poster-text"
              style={{
                ...pos,
                fontSize,
                lineHeight: LINE_HEIGHT,
                color: o.color ?? DEFAULT_COLOR,
                textAlign: o.align ?? 'left',
                fontWeight: o.bold ? 'bold' : 'normal',
              }}
            >
              {o.text}
            </div>
          );
        })}
      </div>
      {shown ? <PosterPicture png={shown} /> : null}
    </section>
  );
}
