import type { AddressTables } from './tables/address';
import type { ArticlesTables } from './tables/articles';
import type { AuthTables } from './tables/auth';
import type { CircleTables } from './tables/circle';
import type { CourseTables } from './tables/course';
import type { EbookTables } from './tables/ebook';
import type { FrameworkTables } from './tables/framework';
import type { GenusTables } from './tables/genus';
import type { MallTables } from './tables/mall';
import type { PoliticsTables } from './tables/politics';
import type { QuestionTables } from './tables/question';
import type { StudyTables } from './tables/study';
import type { UserTables } from './tables/user';
import type { UserCenterTables } from './tables/user-center';

// Row types that other files import from here; each is declared in its area's file under ./tables.
export type { DistrictTable } from './tables/address';
export type { OauthStateTable, SandboxOauthCodeTable, SmsCodeTable, ThirdAuthKeyTable, ThirdIdentityTable } from './tables/auth';
export type { DocumentTable, MetaTable } from './tables/framework';
export type { BannerTable, CategoryTable, GenusTable, HotWordTable, NewsTable, NoticeTable } from './tables/genus';
export type { GoodsTable } from './tables/mall';
export type { FeedbackTable, UserTable } from './tables/user';

/**
 * Every table, composed from the areas' files in ./tables (one file per area, the same areas as
 * src/contract). Times are unix seconds; booleans are 0/1 integers (portable across SQLite and PostgreSQL).
 */
export interface Database
  extends AddressTables,
    ArticlesTables,
    AuthTables,
    CircleTables,
    CourseTables,
    EbookTables,
    FrameworkTables,
    GenusTables,
    MallTables,
    PoliticsTables,
    QuestionTables,
    StudyTables,
    UserTables,
    UserCenterTables {}
