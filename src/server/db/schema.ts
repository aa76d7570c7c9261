import type { AuthTables } from '../areas/accounts/tables';
import type { ActivityTables } from '../areas/activities/tables';
import type { AddressTables } from '../areas/addresses/tables';
import type { ArticlesTables } from '../areas/articles/tables';
import type { CatalogTables } from '../areas/catalog/tables';
import type { PoliticsTables } from '../areas/circles/politics-tables';
import type { CircleTables } from '../areas/circles/tables';
import type { CourseCatalogueTables } from '../areas/courses/catalogue-tables';
import type { DeliveryTables } from '../areas/courses/delivery-tables';
import type { CourseTables } from '../areas/courses/tables';
import type { EbookCatalogueTables } from '../areas/ebooks/catalogue-tables';
import type { EbookTables } from '../areas/ebooks/tables';
import type { FrameworkTables } from '../areas/framework/tables';
import type { OrderTables } from '../areas/orders/tables';
import type { PaymentTables } from '../areas/payments/tables';
import type { QuestionTables } from '../areas/questions/tables';
import type { RefundTables } from '../areas/refunds/tables';
import type { ShippingTables } from '../areas/shipping/tables';
import type { GenusTables } from '../areas/study/genus-tables';
import type { StudyTables } from '../areas/study/tables';
import type { SubjectTables } from '../areas/subjects/tables';
import type { UserTables } from '../areas/users/tables';
import type { UserCenterTables } from '../areas/users/user-center-tables';
import type { BenefitTables } from '../areas/vip/benefit-tables';
import type { MembershipTables } from '../areas/vip/membership-tables';
import type { VipTables } from '../areas/vip/tables';

export type { OauthStateTable, SandboxOauthCodeTable, SmsCodeTable, ThirdAuthKeyTable, ThirdIdentityTable } from '../areas/accounts/tables';
// Row types that other files import from here; each is declared in its area's file under ./tables.
export type { DistrictTable } from '../areas/addresses/tables';
export type { GoodsTable } from '../areas/catalog/tables';
export type { DocumentTable, MetaTable } from '../areas/framework/tables';
export type { BannerTable, HotWordTable, NewsTable, NoticeTable } from '../areas/study/genus-tables';
export type { CategoryTable, GenusTable } from '../areas/subjects/tables';
export type { FeedbackTable, UserTable } from '../areas/users/tables';

/**
 * Every table, composed from the areas' row-type files (`src/server/areas/<area>/tables.ts`, one per area, some
 * areas with a second `*-tables.ts`). Times are unix seconds; booleans are 0/1 integers (portable across SQLite and PostgreSQL).
 */
export interface Database
  extends ActivityTables,
    AddressTables,
    ArticlesTables,
    AuthTables,
    CircleTables,
    CourseTables,
    EbookTables,
    FrameworkTables,
    GenusTables,
    OrderTables,
    CatalogTables,
    CourseCatalogueTables,
    EbookCatalogueTables,
    SubjectTables,
    BenefitTables,
    MembershipTables,
    DeliveryTables,
    PaymentTables,
    RefundTables,
    ShippingTables,
    VipTables,
    PoliticsTables,
    QuestionTables,
    StudyTables,
    UserTables,
    UserCenterTables {}
