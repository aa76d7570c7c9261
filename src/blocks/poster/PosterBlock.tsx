import { QRCodeCanvas } from 'qrcode.react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import { DEFAULT_COLOR, DEFAULT_FONT_SIZE, designSize, fitScale, LINE_HEIGHT, overlayRect } from './layout';
import type { PosterProps } from './props.gen';
import { renderPosterPng } from './render-canvas';
import './poster.css';

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** A share poster drawn in the DOM at screen width; saveImage actions targeting its id get a PNG. */
export default function PosterBlock({ props, page }: BlockProps<PosterProps>) {
  const size = designSize(props);
  const { width, height } = size;
  const box = useRef<HTMLDivElement>(null);
  const qrs = useRef(new Map<number, HTMLCanvasElement>());
  const latest = useRef(props);
  latest.current = props;
  const [scale, setScale] = useState(() => fitScale(size, Math.min(globalThis.innerWidth ?? 375, 750) - 24));

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

  const render = useCallback(() => renderPosterPng(latest.current, qrs.current), []);
  useEffect(() => page.registerImageSource(props.id, render), [page, props.id, render]);

  return (
    <section className="poster" ref={box} data-testid={`poster-${props.id}`} style={{ height: size.height * scale }}>
      <div
        className="poster-canvas"
        role="img"
        aria-label={i18n.activityBlocks.posterAlt}
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
    </section>
  );
}
