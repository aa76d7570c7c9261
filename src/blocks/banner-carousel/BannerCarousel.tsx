import { Link } from 'react-router-dom';
import type { Banner } from '../../contract/genus';

/** Horizontally swiped banners (scroll snap; no script needed to swipe). */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <div className="banner-carousel" data-testid="banner-carousel">
      {banners.map((b) => (
        <Link key={b.id} className="banner-slide" to={b.link || `/banner/detail/${b.id}`}>
          <img src={b.image} alt={b.title} width={750} height={300} />
        </Link>
      ))}
    </div>
  );
}
