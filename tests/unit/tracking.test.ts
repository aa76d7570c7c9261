import { describe, expect, it } from 'vitest';
import { TRACKING_STATE_LABELS, TRACKING_STATES } from '../../src/contract/shipping';
import { normalizeTrackingNo, TRACKING_NO_RE } from '../../src/server/areas/shipping/order-shipping';
import { trackingFrom } from '../../src/server/config-tracking';
import { CARRIERS, carrierOf } from '../../src/server/providers/tracking/carriers';
import { parseChinaTime } from '../../src/server/providers/tracking/china-time';
import { Kuaidi100Provider, kuaidi100QueryForm, kuaidi100Sign, kuaidi100State } from '../../src/server/providers/tracking/kuaidi100';
import route from '../../src/server/providers/tracking/sandbox-route.json';
import { cityOf, SandboxTrackingProvider, sandboxResult, sandboxTrack } from '../../src/server/providers/tracking/sandbox-tracking';
import { TrackingError } from '../../src/server/providers/tracking/types';

// Shipping and tracking: Kuaidi100's signing, form and state mapping, the sandbox's timeline, settings.

describe('Kuaidi100 signing', () => {
  it('signs MD5(param + key + customer) in upper-case hex (vectors from md5sum)', () => {
    const param = '{"com":"yuantong","num":"YT1234567890123","resultv2":"4"}';
    expect(kuaidi100Sign(param, 'test-key-0123', 'TESTCUSTOMER')).toBe('5EB6CA23CDFCD7F535B34128EF08B35D');
    // UTF-8 throughout (a key or param with Chinese characters).
    const sf = '{"com":"shunfeng","num":"SF1234567890123","phone":"13812345678","resultv2":"4"}';
    expect(kuaidi100Sign(sf, '密钥key顺', 'CUSTOMER')).toBe('B8432FF35D9687C4A417691895A6C87F');
  });

  it('sends customer, param (com, num, phone only when given, resultv2 4) and the sign of exactly that param', () => {
    const form = kuaidi100QueryForm({ customer: 'TESTCUSTOMER', key: 'test-key-0123' }, 'yuantong', 'YT1234567890123');
    expect(form.get('customer')).toBe('TESTCUSTOMER');
    expect(form.get('param')).toBe('{"com":"yuantong","num":"YT1234567890123","resultv2":"4"}');
    expect(form.get('sign')).toBe('5EB6CA23CDFCD7F535B34128EF08B35D');
    expect([...form.keys()].sort()).toEqual(['customer', 'param', 'sign']);
    expect(form.toString()).not.toContain('test-key-0123');
    const sf = kuaidi100QueryForm({ customer: 'C', key: 'k' }, 'shunfeng', 'SF1', '13812345678');
    expect(JSON.parse(sf.get('param') ?? '')).toEqual({ com: 'shunfeng', num: 'SF1', phone: '13812345678', resultv2: '4' });
  });
});

describe('Kuaidi100 states', () => {
  it('maps the main states', () => {
    const main: Array<[number | string, string]> = [
      [0, 'in_transit'],
      ['1', 'collected'],
      [2, 'trouble'],
      [3, 'signed'],
      [4, 'returned_signed'],
      [5, 'delivering'],
      [6, 'returning'],
      [7, 'redirected'],
      [8, 'customs'],
      [10, 'customs'],
      [13, 'customs'],
      [14, 'rejected'],
    ];
    for (const [raw, ours] of main) expect(kuaidi100State(raw), String(raw)).toBe(ours);
  });

  it('maps the resultv2=4 sub-states to their main state; 已下单 / 待揽收 are not collected yet', () => {
    const sub: Array<[string, string]> = [
      ['101', 'pending'],
      ['102', 'pending'],
      ['103', 'collected'],
      ['1001', 'in_transit'],
      ['1002', 'in_transit'],
      ['1003', 'in_transit'],
      ['201', 'trouble'],
      ['210', 'trouble'],
      ['301', 'signed'],
      ['304', 'signed'],
      ['401', 'returned_signed'],
      ['501', 'delivering'],
    ];
    for (const [raw, ours] of sub) expect(kuaidi100State(raw), raw).toBe(ours);
  });

  it('reads nothing or garbage as pending and an unknown code as in transit', () => {
    for (const raw of [undefined, null, '', 'x', -1, 1.5]) expect(kuaidi100State(raw)).toBe('pending');
    expect(kuaidi100State(99)).toBe('in_transit');
    for (const s of TRACKING_STATES) expect(TRACKING_STATE_LABELS[s]).toMatch(/^[\u4e00-\u9fa5]{3}$/);
  });

  it('parses China time (UTC+8) and refuses malformed times', () => {
    expect(parseChinaTime('2026-11-24 08:00:00')).toBe(Date.UTC(2026, 10, 24, 0, 0, 0) / 1000);
    expect(parseChinaTime('2026-11-24 08:00')).toBe(Date.UTC(2026, 10, 24, 0, 0, 0) / 1000);
    expect(parseChinaTime('yesterday')).toBeNaN();
    for (const bad of ['2026-02-30 08:00:00', '2026-11-24 25:00:00', '2026-13-01 08:00', '2026-11-24 08:00:61'])
      expect(parseChinaTime(bad), bad).toBeNaN();
  });
});

describe('Kuaidi100 provider replies (fetch stubbed)', () => {
  const parcel = { carrier: 'yuantong', trackingNo: 'YT1234567890123', phone: '', shippedAt: 0, destination: '' };
  const provider = (reply: unknown, status = 200) =>
    new Kuaidi100Provider({
      customer: 'C',
      key: 'secret-key-xyz',
      apiBase: 'https://poll.example',
      fetch: (async () => new Response(typeof reply === 'string' ? reply : JSON.stringify(reply), { status })) as typeof fetch,
    });

  it('answers the events newest first with the mapped state; ischeck 1 is signed', async () => {
    const r = await provider({
      message: 'ok',
      status: '200',
      state: '1002',
      ischeck: '0',
      data: [
        { time: '2026-11-24 09:00:00', context: '较早' },
        { time: '2026-11-25 10:30:00', context: '较新' },
        { time: 'bad', context: '跳过' },
      ],
    }).query(parcel);
    expect(r.state).toBe('in_transit');
    expect(r.events.map((e) => e.text)).toEqual(['较新', '较早']);
    const signed = await provider({
      status: '200',
      state: '5',
      ischeck: '1',
      data: [{ time: '2026-11-25 10:30:00', context: '已签收' }],
    }).query(parcel);
    expect(signed.state).toBe('signed');
  });

  it('reads 查询无结果 (500) as an empty track and every other refusal as a TrackingError without the key', async () => {
    expect(await provider({ result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' }).query(parcel)).toEqual({
      state: 'pending',
      events: [],
    });
    for (const [reply, status, code] of [
      [{ result: false, returnCode: '503', message: '验证签名失败' }, 200, '503'],
      [{ result: false, returnCode: '601', message: 'POLL:KEY已过期' }, 200, '601'],
      ['<html>bad gateway</html>', 502, 'http_502'],
      ['not json', 200, 'bad_reply'],
      [{ status: '200' }, 200, 'bad_reply'],
    ] as const) {
      const e = await provider(reply, status)
        .query(parcel)
        .then(
          () => null,
          (x: unknown) => x,
        );
      expect(e).toBeInstanceOf(TrackingError);
      expect((e as TrackingError).code).toBe(code);
      expect((e as TrackingError).message).toMatch(/^快递100/);
      expect((e as TrackingError).message).not.toContain('secret-key-xyz');
    }
  });

  it('a network failure or a timeout is a TrackingError too', async () => {
    const down = new Kuaidi100Provider({
      customer: 'C',
      key: 'k',
      apiBase: 'https://poll.example',
      fetch: (async () => {
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      }) as typeof fetch,
    });
    await expect(down.query(parcel)).rejects.toMatchObject({ code: 'network', message: '无法连接快递100（ECONNREFUSED）' });
    const slow = new Kuaidi100Provider({
      customer: 'C',
      key: 'k',
      apiBase: 'https://poll.example',
      timeoutMs: 20,
      fetch: ((_u: string, init: RequestInit) =>
        new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch,
    });
    await expect(slow.query(parcel)).rejects.toMatchObject({ code: 'timeout', message: '快递100查询超时' });
  });
});

describe('tracking sandbox', () => {
  const shippedAt = 1_790_000_000;
  const parcel = {
    carrier: 'zhongtong',
    trackingNo: '7312345678901',
    phone: '',
    shippedAt,
    destination: '广东省广州市天河区 天河路 385 号',
  };

  it('plans one track per number: in order, at the template hours (±20 min), ending signed at the receiver’s city', () => {
    const track = sandboxTrack('中通快递', parcel.trackingNo, shippedAt, '广州市');
    expect(track).toHaveLength(route.steps.length);
    expect(track[0]).toMatchObject({ time: shippedAt, state: 'pending' });
    route.steps.forEach((step, i) => {
      expect(Math.abs((track[i]?.time ?? 0) - (shippedAt + step.hours * 3600))).toBeLessThanOrEqual(1200);
      if (i > 0) expect(track[i]?.time).toBeGreaterThan(track[i - 1]?.time ?? 0);
    });
    expect(track.at(-1)).toMatchObject({ state: 'signed' });
    expect(track.at(-1)?.text).toContain('【广州市】已签收');
    expect(track[1]?.text).toContain('中通快递已揽收');
    expect(track[1]?.text).not.toContain('广州市'); // the origin is never the destination
    for (const e of track) expect(e.text).not.toMatch(/[{}]/);
    // The same number: the same track, on any server, any time it is asked.
    expect(sandboxTrack('中通快递', parcel.trackingNo, shippedAt, '广州市')).toEqual(track);
    expect(sandboxTrack('中通快递', '7312345678902', shippedAt, '广州市').map((e) => e.time)).not.toEqual(track.map((e) => e.time));
  });

  it('answers what has happened by now, newest first, with the state after the latest step', async () => {
    expect(sandboxResult(parcel, shippedAt - 1)).toEqual({ state: 'pending', events: [] });
    const atOnce = sandboxResult(parcel, shippedAt);
    expect(atOnce.state).toBe('pending');
    expect(atOnce.events.map((e) => e.text)).toEqual(['商家已发货，包裹等待中通快递揽收']);
    const dayLater = sandboxResult(parcel, shippedAt + 24 * 3600);
    expect(dayLater.state).toBe('in_transit');
    expect(dayLater.events).toHaveLength(6);
    expect(dayLater.events.map((e) => e.time)).toEqual([...dayLater.events.map((e) => e.time)].sort((a, b) => b - a));
    const delivering = sandboxResult(parcel, shippedAt + 57 * 3600);
    expect(delivering.state).toBe('delivering');
    expect(delivering.events[0]?.text).toMatch(/^【广州市】快递员.师傅正在派送/);
    const done = sandboxResult(parcel, shippedAt + 30 * 86400);
    expect(done.state).toBe('signed');
    expect(done.events).toHaveLength(route.steps.length);
    const provider = new SandboxTrackingProvider(() => shippedAt + 24 * 3600);
    expect(await provider.query(parcel)).toEqual(dayLater);
  });

  it('finds the city of an address, else picks a destination from the template', () => {
    expect(cityOf('广东省广州市天河区 天河路 385 号')).toBe('广州市');
    expect(cityOf('北京市朝阳区 建国路 1 号')).toBe('北京市');
    expect(cityOf('新疆维吾尔自治区乌鲁木齐市天山区 人民路 2 号')).toBe('乌鲁木齐市');
    expect(cityOf('天河路 385 号')).toBeNull();
    const nowhere = sandboxTrack('中通快递', parcel.trackingNo, shippedAt, null);
    expect(route.destinations.some((d) => nowhere.at(-1)?.text.startsWith(`【${d}】`))).toBe(true);
  });
});

describe('carriers, tracking numbers and settings', () => {
  it('carriers have unique lower-case codes and names; SF needs the receiver’s mobile', () => {
    expect(new Set(CARRIERS.map((c) => c.code)).size).toBe(CARRIERS.length);
    for (const c of CARRIERS) expect(c.code).toMatch(/^[a-z0-9]+$/);
    expect(carrierOf('shunfeng')).toMatchObject({ name: '顺丰速运', needsPhone: true });
    expect(carrierOf('nope')).toBeUndefined();
  });

  it('tracking numbers: spaces dropped, upper-cased, 8–32 letters, digits or -', () => {
    expect(normalizeTrackingNo(' sf 1234 5678 9012 ')).toBe('SF123456789012');
    for (const ok of ['SF1234567890123', '73123456789012', 'JDVA00123456789-1-1', 'A'.repeat(32)])
      expect(TRACKING_NO_RE.test(ok), ok).toBe(true);
    for (const bad of ['', 'SF12', '-SF1234567890', 'SF_123456789', 'SF12345678/90', 'A'.repeat(33), '顺丰1234567890']) {
      expect(TRACKING_NO_RE.test(normalizeTrackingNo(bad)), bad).toBe(false);
    }
  });

  it('TRACKING_PROVIDER defaults to the sandbox; kuaidi100 needs its customer and key (from the env or a file)', () => {
    expect(trackingFrom({})).toEqual({ trackingProvider: 'sandbox', kuaidi100: null, trackingRefreshSeconds: 600 });
    expect(() => trackingFrom({ TRACKING_PROVIDER: 'sf-express' })).toThrow(/not available/);
    expect(() => trackingFrom({ TRACKING_PROVIDER: 'kuaidi100', KUAIDI100_KEY: 'k' })).toThrow(/KUAIDI100_CUSTOMER/);
    expect(() => trackingFrom({ TRACKING_PROVIDER: 'kuaidi100', KUAIDI100_CUSTOMER: 'C' })).toThrow(/KUAIDI100_KEY/);
    expect(() => trackingFrom({ TRACKING_PROVIDER: 'kuaidi100', KUAIDI100_CUSTOMER: 'C', KUAIDI100_KEY_FILE: '/nonexistent/key' })).toThrow(
      /cannot be read/,
    );
    expect(
      trackingFrom({ TRACKING_PROVIDER: 'kuaidi100', KUAIDI100_CUSTOMER: 'C', KUAIDI100_KEY: 'k', TRACKING_REFRESH_SECONDS: '120' }),
    ).toEqual({
      trackingProvider: 'kuaidi100',
      kuaidi100: { customer: 'C', key: 'k', apiBase: 'https://poll.kuaidi100.com' },
      trackingRefreshSeconds: 120,
    });
    const k = { TRACKING_PROVIDER: 'kuaidi100', KUAIDI100_CUSTOMER: 'C', KUAIDI100_KEY: 'k' };
    expect(trackingFrom({ ...k, KUAIDI100_API_BASE: 'http://127.0.0.1:9000/' }).kuaidi100?.apiBase).toBe('http://127.0.0.1:9000');
    expect(() => trackingFrom({ ...k, KUAIDI100_API_BASE: 'http://poll.example.com' })).toThrow(/https/);
    expect(() => trackingFrom({ TRACKING_REFRESH_SECONDS: '5' })).toThrow(/at least 60/);
  });
});
