import { type ReactNode, useEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n';
import { type BlockProps, isExternal, Link } from '../../runtime/block-api';
import { bannerItems, bannerLink, nextSlide, ratioCss, slideAt } from './banner';
import './banner-carousel.css';
import type { BannerCarouselProps } from './props.gen';

function SlideLink({ to, title, children }: { to: string; title: string | undefined; children: ReactNode }) {
  if (!to) return <div className="bk-banner-slide">{children}</div>;
  if (isExternal(to)) {
    return (
      <a className="bk-banner-slide" href={to} title={title}>
        {children}
      </a>
    );
  }
  return (
    <Link className="bk-banner-slide" to={to} title={title}>
      {children}
    </Link>
  );
}

/** Swipeable banners: CSS scroll snap, position dots, autoplay that pauses while touched. */
export default function BannerCarouselBlock({ props, scope }: BlockProps<BannerCarouselProps>) {
  const items = bannerItems(props.items);
  const count = items.length;
  const interval = props.interval ?? 4000;
  const ref = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (interval <= 0 || count < 2 || held) return;
    const timer = setInterval(() => {
      const el = ref.current;
      if (!el || el.clientWidth <= 0) return;
      const next = nextSlide(slideAt(el.scrollLeft, el.clientWidth, count), count);
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, interval);
    return () => clearInterval(timer);
  }, [interval, count, held]);

  if (count === 0) return null;
  const goTo = (i: number) => {
    const el = ref.current;
    if (el) el.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
  };
  const hold = () => setHeld(true);
  const release = () => setHeld(false);

  return (
    <section className="bk-banner" data-testid="banner-carousel" style={{ aspectRatio: ratioCss(props.ratio) }}>
      <div
        ref={ref}
        className="bk-banner-track"
        onScroll={(e) => setActive(slideAt(e.currentTarget.scrollLeft, e.currentTarget.clientWidth, count))}
        onTouchStart={hold}
        onTouchEnd={release}
        onTouchCancel={release}
        onMouseEnter={hold}
        onMouseLeave={release}
      >
        {items.map((b, i) => (
          <SlideLink key={b.id ?? `${i}-${b.image}`} to={bannerLink(b, i, props.linkTemplate, scope)} title={b.title}>
            <img src={b.image} alt={b.title ?? ''} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" draggable={false} />
          </SlideLink>
        ))}
      </div>
      {props.dots !== false && count > 1 ? (
        <div className="bk-banner-dots">
          {items.map((b, i) => (
            <button
              key={b.id ?? `${i}-${b.image}`}
              className={i === active ? 'bk-banner-dot active' : 'bk-banner-dot'}
              aria-label={i18n.contentBlocks.slide(i + 1)}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
