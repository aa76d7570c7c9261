// Endpoints of orders (spec §7 "Order"; paying and applying for a refund are here too, refund states in ./refund.ts): the caller's
// orders by status, one order, its status (polled after paying), closing it, one item and what it opens, the
// express package of an item. Every call sees only the caller's own orders.
import * as z from 'zod/mini';
import { SAME_SITE_PATH_RE } from '../protocol/same-site-path';
import { GOODS_KINDS } from './catalog';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { count, flag, id, MAX_ID, offset } from './fields';
import { refundReason, refundStatusField, refundView } from './refunds';
import { parcelView } from './shipping';

/** At most this many different goods, and of one good, in an order. */
export const ORDER_RULES = { maxLines: 20, maxQuantity: 99, remarkMax: 200, idempotencyKeyMax: 64 } as const;

export const ORDER_STATUSES = ['pending', 'paid', 'close'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Spec §9: order status labels. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = { pending: '待支付', paid: '购买成功', close: '订单已关闭' };
/** The label of a pending order past its time that the server has not closed yet (it asks WeChat Pay first). */
export const ORDER_CLOSING_LABEL = '订单关闭中';
/** The label of a paid order whose every item was refunded. */
export const ORDER_REFUNDED_LABEL = '已退款';

/**
 * Where a paid physical good is on its way, from the parcels the operator recorded (src/server/areas/shipping):
 * to_ship (no parcel yet), shipped (a parcel on its way), signed (every parcel signed for); '' for other goods and
 * for orders not paid.
 */
export const SHIP_STATES = ['', 'to_ship', 'shipped', 'signed'] as const;
export type ShipState = (typeof SHIP_STATES)[number];
export const SHIP_STATE_LABELS: Record<Exclude<ShipState, ''>, string> = { to_ship: '待发货', shipped: '已发货', signed: '已签收' };

/** Shipping charged per order, fen: the catalog has no freight, so every physical order ships free (包邮). */
export const ORDER_FREIGHT = 0;
const OWN_ORDER = { table: 'orders', owner: 'user_id' } as const;
const OWN_ITEM = { table: 'order_goods', owner: 'user_id' } as const;

const orderItem = z.object({
  id: z.number(),
  good_id: z.number(),
  kind: z.enum(GOODS_KINDS),
  ref_id: z.number(),
  vip_type: z.string(),
  name: z.string(),
  cover: z.string(),
  /** Fen, as it was when ordered. */
  price: z.number(),
  quantity: z.number(),
  amount: z.number(),
  /** Where the bought content opens ('' for physical goods and VIP). */
  content_path: z.string(),
  /** The item's latest refund request ('' when none), its label and the operator's note. */
  refund_status: refundStatusField,
  refund_status_text: z.string(),
  refund_note: z.string(),
  /** Fen refunded for the item (its succeeded refund), 0 otherwise. */
  refund_amount: z.number(),
  /** 1 when the caller may apply for a refund of the item now (`apply_refund`). */
  can_refund: z.number(),
  /** The gift (赠品) the good promised when it was ordered ('' none). */
  gift: z.string(),
  /** A physical item of a paid order: to_ship, shipped or signed ('' otherwise). */
  ship_state: z.enum(SHIP_STATES),
});
export type OrderItem = z.infer<typeof orderItem>;

const addressSnapshot = z.object({
  name: z.string(),
  mobile: z.string(),
  full_address: z.string(),
});

export const orderView = z.object({
  id: z.number(),
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** 待支付, 订单关闭中, 订单已关闭, 购买成功; a paid order with physical goods reads its ship state (待发货, 已发货, 已签收); 已退款 once every item was refunded. */
  status_text: z.string(),
  total: z.number(),
  /** Shipping charged, fen (0: 包邮); included in `total`. */
  freight: z.number(),
  /** The order's physical goods (refunded ones left out) together: to_ship before any parcel, signed once every one was signed for, shipped otherwise ('' without physical goods or unpaid). */
  ship_state: z.enum(SHIP_STATES),
  remark: z.string(),
  address: z.nullable(addressSnapshot),
  created_at: z.number(),
  /** When an unpaid order closes by itself (0 unless pending). */
  expires_at: z.number(),
  paid_at: z.number(),
  closed_at: z.number(),
  /** user or timeout ('' unless closed). */
  close_reason: z.string(),
  items: z.array(orderItem),
  /** The server's clock when answering, so a count-down to `expires_at` does not depend on the device's. */
  now: z.number(),
});
export type OrderView = z.infer<typeof orderView>;

export const list = endpoint({
  id: 'order.list',
  method: 'GET',
  host: 'platform',
  path: '/api/order',
  input: z.object({
    /** Omitted, '' or 'null': all. */
    status: z.optional(z.union([z.enum(ORDER_STATUSES, '须为 pending、paid、close 之一'), z.literal(''), z.literal('null')])),
    offset: offset(),
    count: count(10),
  }),
  output: z.array(orderView),
  auth: 'required',
  summary: '本人的订单（新的在前），可按状态筛选',
});
export const detail = endpoint({
  id: 'order.detail',
  method: 'GET',
  host: 'platform',
  path: '/api/order/detail',
  input: z.object({ id: id() }),
  output: orderView,
  auth: 'required',
  summary: '本人的一个订单：商品快照、收货地址、金额、时间；他人的订单与不存在的一样拒绝',
  errors: [CODE.notFound],
  owns: { id: OWN_ORDER },
});
export const status = endpoint({
  id: 'order.status',
  method: 'GET',
  host: 'platform',
  path: '/api/order/status',
  input: z.object({ id: id(), is_group: z._default(flag(), 1) }),
  output: z.object({ id: z.number(), status: z.enum(ORDER_STATUSES), is_success: z.number() }),
  auth: 'required',
  summary: '订单状态（支付后轮询）：is_success 1 表示已支付',
  errors: [CODE.notFound],
  owns: { id: OWN_ORDER },
});
export const close = endpoint({
  id: 'order.close',
  method: 'GET',
  host: 'platform',
  path: '/api/order/close',
  input: z.object({ id: id() }),
  output: orderView,
  auth: 'required',
  summary: '关闭本人待支付的订单（释放预留的库存）；已支付或已关闭的订单拒绝',
  errors: [CODE.notFound, CODE.conflict],
  owns: { id: OWN_ORDER },
});
export const item = endpoint({
  id: 'order.item',
  method: 'GET',
  host: 'platform',
  path: '/api/order/item',
  input: z.object({ order_goods_id: id() }),
  output: z.extend(orderItem, {
    order_id: z.number(),
    order_status: z.enum(ORDER_STATUSES),
    /** 1 when the order is paid and the caller may open what it sells now. */
    can_open: z.number(),
  }),
  auth: 'required',
  summary: '本人订单里的一件商品，以及打开所购内容的路径（课程、电子书、题库）',
  errors: [CODE.notFound],
  owns: { order_goods_id: OWN_ITEM },
});
export const expressPackage = endpoint({
  id: 'order.express_package',
  method: 'GET',
  host: 'platform',
  path: '/api/order/express_package',
  input: z.object({ order_goods_id: id() }),
  output: z.array(parcelView),
  auth: 'required',
  summary:
    '实物商品的包裹与物流：快递公司、运单号、状态与轨迹（新的在前），未发货为空列表；向快递查询接口的查询有缓存，查询失败时回答上次的轨迹并在 notice 说明',
  errors: [CODE.notFound],
  owns: { order_goods_id: OWN_ITEM },
});

/** Spec §9: `is_group` defaults to 1 in pay and the status check (group orders are not built; 0 and 1 pay alike). */
const payInput = z.object({ id: id(), is_group: z._default(flag(), 1) });
const PAY_ERRORS = [CODE.notFound, CODE.conflict, CODE.badInput, CODE.upstream];

/** What `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` takes (and, lower-cased `timestamp`, `wx.chooseWXPay`). */
export const jsapiPayParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type JsapiPayParamsView = z.infer<typeof jsapiPayParams>;

export const pay = endpoint({
  id: 'order.pay',
  method: 'POST',
  host: 'platform',
  path: '/api/order/pay',
  input: payInput,
  output: z.object({
    /** Null: nothing to pay (spec §4: no payment data means payment is done). */
    pay_params: z.nullable(jsapiPayParams),
    order_id: z.number(),
    total: z.number(),
  }),
  auth: 'required',
  summary:
    '微信内支付（JSAPI）：向微信支付下单得到 prepay_id（同一订单同一金额 2 小时内复用），返回签好名的调起参数；已支付或已关闭的订单拒绝；须有本人的微信 openid（微信登录）',
  errors: PAY_ERRORS,
  owns: { id: OWN_ORDER },
});
export const h5Pay = endpoint({
  id: 'order.h5_pay',
  method: 'POST',
  host: 'platform',
  path: '/api/order/h5_pay',
  input: z.object({
    ...payInput.shape,
    redirect_url: z.optional(
      z.string('须为字符串').check(z.maxLength(300, '不能超过 300 个字符'), z.regex(SAME_SITE_PATH_RE, '须为本站路径')),
    ),
  }),
  output: z.object({
    /** The cashier to open (WeChat Pay's H5 page; valid 5 minutes; reused within that time). Null: nothing to pay. */
    h5_url: z.nullable(z.string()),
    order_id: z.number(),
    total: z.number(),
  }),
  auth: 'required',
  summary: '微信外支付（H5）：向微信支付下单得到收银台地址（同一订单同一金额 5 分钟内复用），可带回跳的本站路径；已支付或已关闭的订单拒绝',
  errors: PAY_ERRORS,
  owns: { id: OWN_ORDER },
});

export const applyRefund = endpoint({
  id: 'order.apply_refund',
  method: 'POST',
  host: 'platform',
  path: '/api/order/apply_refund',
  input: z.object({ order_goods_id: id(), reason: refundReason() }),
  output: refundView,
  auth: 'required',
  summary:
    '申请退款（本人已支付订单里的一件商品）：未使用的课程、电子书、题库在支付 7 天内立即原路退回，其余（已开始学习、超过 7 天、会员、实物）等待运营审核；每件商品同时只有一个退款申请，退款金额不超过实付',
  errors: [CODE.notFound, CODE.conflict, CODE.badInput],
  owns: { order_goods_id: OWN_ITEM },
});

/** `{good_id: quantity}` with ids as keys, as the spec's goods map. */
const goodsMap = z.record(
  z.string().check(z.regex(/^\d{1,10}$/, '商品 id 须为正整数')),
  z.coerce
    .number('数量须为整数')
    .check(
      z.int('数量须为整数'),
      z.minimum(1, '数量至少为 1'),
      z.maximum(ORDER_RULES.maxQuantity, `数量不能超过 ${ORDER_RULES.maxQuantity}`),
    ),
);

/** Ordering goods (`goods.order` on the wire: the spec puts it under Goods; the orders area makes the order). */
export const create = endpoint({
  id: 'goods.order',
  method: 'POST',
  host: 'platform',
  path: '/api/goods/order',
  input: z.object({
    goods: goodsMap.check(
      z.refine((m) => Object.keys(m).length >= 1, '至少要有一件商品'),
      z.refine((m) => Object.keys(m).length <= ORDER_RULES.maxLines, `一次最多 ${ORDER_RULES.maxLines} 种商品`),
      z.refine((m) => Object.keys(m).every((k) => Number(k) >= 1 && Number(k) <= MAX_ID), '商品 id 超出范围'),
    ),
    address_id: z.optional(z.union([id(), z.literal(0), z.literal('')])),
    remark: z._default(
      z.string('须为字符串').check(z.trim(), z.maxLength(ORDER_RULES.remarkMax, `不能超过 ${ORDER_RULES.remarkMax} 个字符`)),
      '',
    ),
    referrer_id: z.optional(z.union([id(), z.literal(0), z.literal('')])),
  }),
  output: z.object({
    id: z.number(),
    order_no: z.string(),
    status: z.enum(['pending', 'paid', 'close']),
    /** Fen. */
    total: z.number(),
    /** Unix seconds when an unpaid order closes by itself (0 once paid). */
    expires_at: z.number(),
    /** 1 when the same Idempotency-Key returned an order made before. */
    replayed: z.number(),
  }),
  auth: 'required',
  summary:
    '下单：价格取自数据库；实物商品须填本人的收货地址，库存在同一事务里预留、不会超卖；标题和单价留快照；同一 Idempotency-Key（请求头，24 小时）只下一单，换了内容的同一 key 被拒绝；0 元订单直接支付成功',
  errors: [CODE.notFound, CODE.conflict],
  owns: {
    address_id: { table: 'addresses', owner: 'user_id' },
    referrer_id: { public: '推荐人只被记在订单上，不读取其任何数据' },
  },
});
