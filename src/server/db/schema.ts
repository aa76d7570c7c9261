import type { Generated } from 'kysely';
import type { ArticlesTables } from './tables/articles';
import type { BindingTables } from './tables/binding';
import type { StudyTables } from './tables/study';
import type { UserCenterTables } from './tables/user-center';

/** Kysely table types. Times are unix seconds; booleans are 0/1 integers (portable across SQLite and PostgreSQL). */
export interface MetaTable { key: string; value: string }

export interface UserTable {
  id: Generated<number>;
  mobile: string | null;
  nickname: string;
  avatar: string;
  token_version: number;
  created_at: number;
  last_login_at: number;
}

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

export interface ThirdIdentityTable {
  id: Generated<number>;
  provider: string;
  openid: string;
  nickname: string;
  avatar: string;
  user_id: number | null;
  created_at: number;
}

export interface ThirdAuthKeyTable { key: string; identity_id: number; expires_at: number; used_at: number | null }
export interface OauthStateTable { state: string; redirect_url: string; created_at: number; used_at: number | null }
export interface SandboxOauthCodeTable {
  code: string;
  openid: string;
  nickname: string;
  avatar: string;
  created_at: number;
  used_at: number | null;
}

export interface GenusTable { id: Generated<number>; name: string; icon: string; description: string; sort: number }
export interface CategoryTable { id: Generated<number>; genus_id: number; name: string; sort: number }

export interface NewsTable {
  id: Generated<number>;
  genus_id: number;
  category_id: number;
  title: string;
  summary: string;
  cover: string;
  content: string;
  author: string;
  source: string;
  view_count: number;
  is_home: number;
  published_at: number;
}

export interface NoticeTable {
  id: Generated<number>;
  genus_id: number | null;
  category_id: number | null;
  title: string;
  link: string;
  created_at: number;
}

export interface BannerTable {
  id: Generated<number>;
  genus_id: number | null;
  category_id: number | null;
  type: number;
  title: string;
  subtitle: string;
  color: string;
  image: string;
  link: string;
  content: string;
  sort: number;
}

export interface HotWordTable { id: Generated<number>; genus_id: number | null; category_id: number | null; word: string; hot: number }
export interface DistrictTable { id: number; parent_id: number | null; name: string; level: number }
export interface FeedbackTable { id: Generated<number>; user_id: number | null; content: string; page_url: string; created_at: number }
export interface DocumentTable { key: string; title: string; content: string; updated_at: number }

export interface Database extends StudyTables, ArticlesTables, BindingTables, UserCenterTables {
  meta: MetaTable;
  users: UserTable;
  sms_codes: SmsCodeTable;
  third_identities: ThirdIdentityTable;
  third_auth_keys: ThirdAuthKeyTable;
  oauth_states: OauthStateTable;
  sandbox_oauth_codes: SandboxOauthCodeTable;
  genera: GenusTable;
  categories: CategoryTable;
  news: NewsTable;
  notices: NoticeTable;
  banners: BannerTable;
  hot_words: HotWordTable;
  districts: DistrictTable;
  documents: DocumentTable;
  feedback: FeedbackTable;
}
