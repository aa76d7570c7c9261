import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { i18n } from '../i18n';
import { StudyHome } from '../modules/study-home/StudyHome';
import { RequireAuth } from './RequireAuth';

const NewsDetail = lazy(() => import('../modules/news-detail/NewsDetail'));
const MobileLogin = lazy(() => import('../modules/mobile-login/MobileLogin'));
const UserHome = lazy(() => import('../modules/user-home/UserHome'));

function NotFound() {
  return (
    <main className="page not-found">
      <h1>{i18n.notFound.title}</h1>
      <Link to="/">{i18n.notFound.goHome}</Link>
    </main>
  );
}

/**
 * The route table of the walking skeleton. Issue 3 replaces it with routes read from
 * `pages-config/`; the first screen (study home) is eager, every other page is a lazy chunk.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<div className="page-loading">{i18n.app.loading}</div>}>
      <Routes>
        <Route path="/" element={<StudyHome />} />
        <Route path="/study/index" element={<StudyHome />} />
        <Route path="/news/detail/:newsId" element={<NewsDetail />} />
        <Route path="/user/mobile_login/:routeTo?/:thirdAuthKey?" element={<MobileLogin />} />
        <Route
          path="/user/home"
          element={
            <RequireAuth>
              <UserHome />
            </RequireAuth>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
