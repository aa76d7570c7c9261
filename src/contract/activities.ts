// The activity engine's calls (spec §7 "Activity"): an activity is a file an operator writes
// (pages-config/_activities/<slug>.json); these read it with the caller's progress and claim its prizes.
import * as z from 'zod/mini';
import { loginUser } from './accounts';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { count, id, mobile, smsCode } from './fields';

export const ACTIVITY_PHASES = ['upcoming', 'running', 'ended'] as const;
/** A prize as the caller sees it: claimed (by them), claimable now, locked (progress short), sold out, or closed. */
export const PRIZE_STATES = ['claimed', 'claimable', 'locked', 'sold_out', 'closed', 'login'] as const;
export const INVITE_STATUSES = ['pending', 'qualified', 'invalid'] as const;

const prizeView = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  kind: z.enum(['course', 'ebook', 'question_bank', 'vip_days', 'physical']),
  /** Fen, as the disclosure states it (0: not given). */
  value: z.number(),
  quantity: z.number(),
  stock_left: z.number(),
  /** Qualified invitees needed (0: none). */
  threshold: z.number(),
  state: z.enum(PRIZE_STATES),
  /** Why it cannot be claimed now, in Chinese ('' when it can). */
  state_text: z.string(),
});
export type PrizeView = z.infer<typeof prizeView>;

const activityView = z.object({
  id: z.number(),
  type: z.enum(['referral', 'register_gift', 'reciprocity', 'vip_share']),
  title: z.string(),
  subtitle: z.string(),
  banner: z.string(),
  /** Unix milliseconds: open from starts_at (inclusive) until ends_at (exclusive). */
  starts_at: z.number(),
  ends_at: z.number(),
  /** The server's clock when it answered (unix ms), for the count-down. */
  server_now: z.number(),
  phase: z.enum(ACTIVITY_PHASES),
  phase_text: z.string(),
  prizes: z.array(prizeView),
  /** The caller's qualified invitees (0 when not logged in or not a referral). */
  progress: z.number(),
  /** How many prizes one user may pick (reciprocity; 0 for other types). */
  picks: z.number(),
  rule_text: z.array(z.string()),
  /**
   * The rules as HTML: rule_text as a numbered list, rendered by the server with the article Markdown options (the
   * HTML the client's Markdown renderer would draw), so a page shows them without loading that renderer.
   */
  rule_html: z.string(),
  /** The disclosure as HTML: each item after its label (奖品设置 … 联系方式), rendered as rule_html is. */
  disclosure_html: z.string(),
  disclosure: z.object({
    prizes: z.string(),
    conditions: z.string(),
    claim: z.string(),
    delivery: z.string(),
    organiser: z.string(),
    contact: z.string(),
  }),
  share: z.object({ title: z.string(), desc: z.string(), image: z.string() }),
});
export type ActivityView = z.infer<typeof activityView>;

const byId = z.object({ id: id() });
/** An activity is public (its file is published); what the caller reads of it is their own. */
const PUBLIC_ACTIVITY = { public: '活动是公开发布的，读到的只是本人的进度和领取' } as const;

export const detail = endpoint({
  id: 'activity.detail',
  method: 'GET',
  host: 'platform',
  path: '/api/activity/detail',
  input: byId,
  output: activityView,
  auth: 'optional',
  summary: '活动详情：标题、时间窗口（开始含、结束不含）与当前阶段、奖品及各自的库存和本人领取状态、本人的有效邀请数、规则、公示信息',
  errors: [CODE.notFound],
});

export const gift = endpoint({
  id: 'activity.gift',
  method: 'GET',
  host: 'platform',
  path: '/api/activity/gift',
  input: byId,
  output: z.array(prizeView),
  auth: 'optional',
  summary: '活动奖品：各奖品的库存、门槛和本人的领取状态',
  errors: [CODE.notFound],
});

const claimView = z.object({
  id: z.number(),
  activity_id: z.number(),
  prize_id: z.string(),
  name: z.string(),
  kind: z.string(),
  status: z.enum(['granted', 'revoked']),
  status_text: z.string(),
  /** Where the prize opens ('' for VIP days and physical prizes). */
  content_path: z.string(),
  created_at: z.number(),
});
export type ClaimView = z.infer<typeof claimView>;

export const ownGift = endpoint({
  id: 'activity.own_gift',
  method: 'GET',
  host: 'platform',
  path: '/api/activity/own_gift',
  input: byId,
  output: z.array(claimView),
  auth: 'required',
  summary: '本人在该活动领到的奖品（已发放 / 已收回）',
  errors: [CODE.notFound],
  owns: { id: PUBLIC_ACTIVITY },
});

export const finishGift = endpoint({
  id: 'activity.finish_gift',
  method: 'POST',
  host: 'platform',
  path: '/api/activity/receive/finish_gift',
  input: z.object({
    id: id(),
    gift_id: z.string('须为字符串').check(z.regex(/^[a-z0-9][a-z0-9-]{0,31}$/, '不是有效的奖品 id')),
  }),
  output: z.object({ claim: claimView, replayed: z.number() }),
  auth: 'required',
  summary:
    '领取奖品：活动进行中、已绑定手机号、达到门槛（实物奖品寄往本人的默认收货地址，生成 0 元订单按订单发货）；每人每个奖品一次、每个手机号每个奖品一次；库存一次条件更新、领取一行唯一记录，同一事务；同一 Idempotency-Key 返回同一结果',
  errors: [CODE.notFound, CODE.conflict],
  owns: { id: PUBLIC_ACTIVITY, gift_id: { public: '奖品是活动文件里公开的奖品' } },
});

const inviteView = z.object({
  nickname: z.string(),
  avatar: z.string(),
  /** Masked: 138****1234 ('' without a mobile). */
  mobile: z.string(),
  status: z.enum(INVITE_STATUSES),
  /** 待完成 / 已生效 / 无效：reason. */
  status_text: z.string(),
  created_at: z.number(),
});

export const inviteRecord = endpoint({
  id: 'activity.invite_record',
  method: 'GET',
  host: 'platform',
  path: '/api/activity/invite/record',
  input: z.object({ id: id(), offset: z.optional(z.coerce.number()), count: count(20) }),
  output: z.array(inviteView),
  auth: 'required',
  summary: '本人邀请的好友：每人一行，带状态与原因（待完成 / 已生效 / 无效）',
  errors: [CODE.notFound],
  owns: { id: PUBLIC_ACTIVITY },
});

export const invite = endpoint({
  id: 'activity.invite',
  method: 'POST',
  host: 'platform',
  path: '/api/activity/invite',
  input: z.object({
    id: id(),
    referrer_id: id(),
    fromActivity: z.optional(z.enum(['link', 'poster', 'qr'])),
  }),
  output: z.object({ status: z.enum(INVITE_STATUSES), status_text: z.string() }),
  auth: 'required',
  summary: '记录邀请：调用者是被邀请人；只有新用户能被邀请，不能邀请自己，不能互相邀请，每个活动只记第一位邀请人；按活动规则判断是否生效',
  errors: [CODE.notFound, CODE.conflict, CODE.tooMany],
  owns: { id: PUBLIC_ACTIVITY, referrer_id: { public: '邀请人只被记在邀请记录上，不读取其任何数据' } },
});

export const statistics = endpoint({
  id: 'activity.statistics',
  method: 'GET',
  host: 'platform',
  path: '/api/activity/statistics',
  input: byId,
  output: z.object({
    /** The caller's invitees: all, counted (qualified), waiting. */
    invited: z.number(),
    qualified: z.number(),
    pending: z.number(),
    /** The caller's claims. */
    claimed: z.number(),
    /** Everyone's: participants and prizes handed out. */
    participants: z.number(),
    prizes_claimed: z.number(),
  }),
  auth: 'optional',
  summary: '活动统计：本人的邀请与领取，全体的参与人数与已领奖品数（都从事件和记录统计，不编造）',
  errors: [CODE.notFound],
});

export const copywriting = endpoint({
  id: 'activity.copywriting',
  method: 'GET',
  host: 'platform',
  path: '/api/activity/copywriting',
  input: byId,
  output: z.array(z.string()),
  auth: 'none',
  summary: '分享文案：运营在活动文件里写好的几段话',
  errors: [CODE.notFound],
});

export const randUser = endpoint({
  id: 'user.rand_user',
  method: 'GET',
  host: 'platform',
  path: '/api/user/rand_user',
  input: z.object({ num: count(10, 30), activity_id: z.optional(id()) }),
  output: z.array(z.object({ nickname: z.string(), mobile: z.string(), prize: z.string(), created_at: z.number() })),
  auth: 'none',
  summary: '最近的真实中奖者（昵称和手机号打码；给了 activity_id 就只看该活动），没有就返回空列表（不编造中奖者）',
});

export const attribution = endpoint({
  id: 'activity.attribution',
  method: 'GET',
  host: 'platform',
  path: '/api/activity/attribution',
  input: z.object({ id: id(), referrer_id: id(), source: z.optional(z.enum(['link', 'poster', 'qr'])) }),
  output: z.object({
    /** Signed, short-lived: kept by the client and sent as `from_activity` with the first login. */
    ticket: z.string(),
    expires_at: z.number(),
    /** Who invited, as the invitee may see them (nickname, masked). */
    referrer: z.object({ nickname: z.string() }),
  }),
  auth: 'none',
  summary: '邀请链接换成签名的归因凭证（7 天有效）：穿过微信授权、绑定手机号和短信登录，在被邀请人首次登录时兑现；附邀请人的昵称',
  errors: [CODE.notFound, CODE.conflict],
});

export const inviteeLogin = endpoint({
  id: 'activity.invitee_login',
  method: 'POST',
  host: 'platform',
  path: '/api/activity-reward-invite/invitee-login',
  input: z.object({
    mobile: mobile(),
    code: smsCode(),
    referrer_id: id(),
    /** The activity (default: the running referral activity with the smallest id). */
    activity_id: z.optional(id()),
  }),
  output: z.object({
    token: z.string(),
    user: loginUser,
    /** The invite as recorded ('' status when it could not be: e.g. not a new user). */
    invite: z.object({ status: z.string(), status_text: z.string() }),
  }),
  auth: 'none',
  summary: '被邀请人短信登录：登录（新手机号自动注册）并记录邀请；不符合邀请规则时照常登录，邀请状态写明原因',
  errors: [CODE.notFound, CODE.conflict, CODE.tooMany],
});

export const poster = endpoint({
  id: 'activity.poster',
  method: 'GET',
  host: 'platform',
  path: '/api/activity/poster',
  input: byId,
  output: z.object({
    headline: z.string(),
    text: z.string(),
    /** Same-origin picture ('' for the default background). */
    background: z.string(),
    /** The caller's referral link, for the QR code (same origin as the page). */
    share_url: z.string(),
    nickname: z.string(),
  }),
  auth: 'required',
  summary: '活动海报：标题、文案、背景和本人的邀请链接（供二维码）；生成一次记一次分享（每人每天一次）',
  errors: [CODE.notFound],
  owns: { id: PUBLIC_ACTIVITY },
});

export const registerGift = endpoint({
  id: 'activity.register_gift',
  method: 'GET',
  host: 'platform',
  path: '/api/activity/register_gift',
  input: byId,
  output: z.array(prizeView),
  auth: 'optional',
  summary: '注册礼：活动给新用户的礼物，带库存和本人的领取状态',
  errors: [CODE.notFound],
});

export const unreceiveRegisterGift = endpoint({
  id: 'activity.unreceive_register_gift',
  method: 'GET',
  host: 'platform',
  path: '/api/activity/unreceive/register_gift',
  input: byId,
  output: z.array(prizeView),
  auth: 'required',
  summary: '本人还没领取的注册礼（可领、未达条件、已领完）',
  errors: [CODE.notFound],
  owns: { id: PUBLIC_ACTIVITY },
});

export const receiveRegisterGift = endpoint({
  id: 'activity.receive_register_gift',
  method: 'POST',
  host: 'platform',
  path: '/api/activity/receive/register_gift',
  input: z.object({ activity_id: id(), gift_id: z.string('须为字符串').check(z.regex(/^[a-z0-9][a-z0-9-]{0,31}$/, '不是有效的奖品 id')) }),
  output: z.object({ claim: claimView, replayed: z.number() }),
  auth: 'required',
  summary: '领取注册礼：与领取奖品同一规则（新用户、每人每手机号一次、库存条件更新、同一事务）',
  errors: [CODE.notFound, CODE.conflict],
  owns: { activity_id: PUBLIC_ACTIVITY, gift_id: { public: '奖品是活动文件里公开的奖品' } },
});

/**
 * The activity's mobile binding (spec §7 "POST {token} {code, mobile}": the session's token and the SMS code): binds
 * the caller's mobile with the code `binding.bind_mobile` sent, and the caller's invite into the activity counts at
 * once when a bound mobile is all it waited for.
 */
export const bindMobile = endpoint({
  id: 'activity.bind_mobile',
  method: 'POST',
  host: 'platform',
  path: '/api/activity/bind_mobile',
  input: z.object({ id: id(), code: smsCode(), mobile: mobile() }),
  output: z.object({
    /** Masked: 138****1234. */
    mobile: z.string(),
    /** The caller's invite into the activity after binding ('' status when they were not invited). */
    invite: z.object({ status: z.string(), status_text: z.string() }),
  }),
  auth: 'required',
  summary:
    '活动内绑定手机号：用短信验证码（由 binding.bind_mobile 发送）绑定本人手机号，被邀请时邀请随即生效（按活动规则与邀请人每日上限）',
  errors: [CODE.notFound, CODE.conflict],
  owns: { id: PUBLIC_ACTIVITY },
});
