import type { AuthTables } from '../areas/accounts/tables';
import type { AddressTables } from '../areas/addresses/tables';
import type { ArticlesTables } from '../areas/articles/tables';
import type { PoliticsTables } from '../areas/circles/politics-tables';
import type { CircleTables } from '../areas/circles/tables';
import type { CourseTables } from '../areas/courses/tables';
import type { EbookTables } from '../areas/ebooks/tables';
import type { FrameworkTables } from '../areas/framework/tables';
import type { MallTables } from '../areas/orders/tables';
import type { QuestionTables } from '../areas/questions/tables';
import type { GenusTables } from '../areas/study/genus-tables';
import type { StudyTables } from '../areas/study/tables';
import type { UserTables } from '../areas/users/tables';
import type { UserCenterTables } from '../areas/users/user-center-tables';

export type { OauthStateTable, SandboxOauthCodeTable, SmsCodeTable, ThirdAuthKeyTable, ThirdIdentityTable } from '../areas/accounts/tables';
// Row types that other files import from here; each is declared in its area's file under ./tables.
export type { DistrictTable } from '../areas/addresses/tables';
export type { DocumentTable, MetaTable } from '../areas/framework/tables';
export type { GoodsTable } from '../areas/orders/tables';
export type { BannerTable, CategoryTable, GenusTable, HotWordTable, NewsTable, NoticeTable } from '../areas/study/genus-tables';
export type { FeedbackTable, UserTable } from '../areas/users/tables';

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
