import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { call } from '../../api';
import { bannerList, type NewsItem, news, noticeList } from '../../contract/genus';
import { BannerCarousel } from '../../blocks/banner-carousel/BannerCarousel';
import { NewsList } from '../../blocks/news-list/NewsList';
import { NoticeBar } from '../../blocks/notice-bar/NoticeBar';
import { i18n } from '../../i18n';
import { useCall } from '../../runtime/use-call';
import { authState } from '../../state/auth';
import { showToast } from '../../state/ui';
import { useSubject } from './use-subject';

const PAGE = 10;

/** The study home (`/` and `/study/index`): banners, notices and the news list of the selected subject. */
export function StudyHome() {
  const subject = useSubject();
  const auth = useSnapshot(authState);
  const banners = useCall(bannerList, subject ? { genus_id: subject.genusId, category_id: subject.categoryId, type: 1 } : null);
  const notices = useCall(noticeList, subject ? { genus_id: subject.genusId, offset: 0, count: 5 } : null);
  const [items, setItems] = useState<NewsItem[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = async (offset: number) => {
    if (!subject || loading || (loaded && offset > 0)) return;
    setLoading(true);
    const res = await call(news, { genus_id: subject.genusId, category_id: subject.categoryId, offset, count: PAGE });
    setLoading(false);
    if (res.status !== 0 || !res.data) {
      showToast(res.msg);
      return;
    }
    const page = res.data;
    setItems((held) => (offset === 0 ? page : [...held, ...page]));
    setLoaded(page.length < PAGE);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the subject changes.
  useEffect(() => {
    setItems([]);
    setLoaded(false);
    if (subject) void load(0);
  }, [subject?.genusId, subject?.categoryId]);

  return (
    <main className="page study-home">
      <header className="top-bar">
        <h1>{i18n.app.name}</h1>
        <span className="subject-name">{subject?.name}</span>
        <Link className="top-link" to={auth.hasLogin ? '/user/home' : '/user/mobile_login'}>
          {auth.hasLogin ? i18n.home.myAccount : i18n.home.login}
        </Link>
      </header>
      <BannerCarousel banners={banners.data ?? []} />
      <NoticeBar notices={notices.data ?? []} />
      <h2 className="section-title">{i18n.home.news}</h2>
      <NewsList items={items} />
      <div className="list-footer" data-testid="list-footer">
        {items.length === 0 && loaded ? (
          i18n.home.noData
        ) : loaded ? (
          i18n.home.allLoaded
        ) : (
          <button type="button" className="link-button" disabled={loading} onClick={() => load(items.length)}>
            {loading ? i18n.app.loading : i18n.home.loadMore}
          </button>
        )}
      </div>
    </main>
  );
}
