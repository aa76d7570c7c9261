import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One query the fake received, with what it checked. */
export interface FakeKuaidi100Request {
  customer: string;
  sign: string;
  param: { com?: string; num?: string; phone?: string; resultv2?: string };
  /** The sign was MD5(param + key + customer) in upper-case hex with the fake's key and customer. */
  signOk: boolean;
}

/** A canned reply for the next query: an HTTP status and a body (JSON or raw text). */
export interface FakeKuaidi100Reply {
  status?: number;
  body: string | Record<string, unknown>;
}

export interface FakeKuaidi100Track {
  /** Kuaidi100's state code (with resultv2=4 also sub-states such as 1002). */
  state: string;
  ischeck?: '0' | '1';
  /** Newest first; time in China time 'YYYY-MM-DD HH:mm:ss'. */
  data: Array<{ time: string; context: string }>;
  /** SF: the phone the query must carry (Kuaidi100 answers 408 otherwise). */
  phone?: string;
}

export interface FakeKuaidi100 {
  /** Use as KUAIDI100_API_BASE. */
  url: string;
  customer: string;
  /** The key it checks signs with (a test may change it to make signs fail). */
  key: string;
  requests: FakeKuaidi100Request[];
  /** The track of a number (`com:num`); unknown numbers answer 查询无结果 (500). */
  setTrack(com: string, num: string, track: FakeKuaidi100Track): void;
  /** The next query gets this reply instead. */
  failNext(reply: FakeKuaidi100Reply): void;
  close(): Promise<void>;
}

const md5Upper = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();

/**
 * A local stand-in for Kuaidi100's real-time query API as its documentation describes it: `POST /poll/query.do` with
 * form fields customer, sign and param; it checks the sign (MD5 of param + key + customer, upper case) and answers
 * `{result: false, returnCode: '503'}` for a bad one, 408 for an SF query without the right phone, 500 for a number
 * it has no track of, else `{message: 'ok', status: '200', state, ischeck, com, nu, data}`.
 */
export async function startFakeKuaidi100(customer = 'FAKECUSTOMER01', key = 'fake-kuaidi100-key-7f3a9c'): Promise<FakeKuaidi100> {
  const tracks = new Map<string, FakeKuaidi100Track>();
  const canned: FakeKuaidi100Reply[] = [];
  const requests: FakeKuaidi100Request[] = [];
  const fake: FakeKuaidi100 = {
    url: '',
    customer,
    key,
    requests,
    setTrack: (com, num, track) => tracks.set(`${com}:${num}`, track),
    failNext: (reply) => canned.push(reply),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      raw += c;
    });
    req.on('end', () => {
      const send = (status: number, body: string | Record<string, unknown>) => {
        res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json;charset=UTF-8' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/poll/query.do')
        return send(404, { result: false, returnCode: '404', message: 'not found' });
      const form = new URLSearchParams(raw);
      const paramText = form.get('param') ?? '';
      let param: FakeKuaidi100Request['param'] = {};
      try {
        param = JSON.parse(paramText) as FakeKuaidi100Request['param'];
      } catch {
        param = {};
      }
      const sign = form.get('sign') ?? '';
      const signOk = form.get('customer') === fake.customer && sign === md5Upper(paramText + fake.key + fake.customer);
      requests.push({ customer: form.get('customer') ?? '', sign, param, signOk });
      const next = canned.shift();
      if (next) return send(next.status ?? 200, next.body);
      if (!signOk) return send(200, { result: false, returnCode: '503', message: '验证签名失败' });
      if (!param.com || !param.num) return send(200, { result: false, returnCode: '400', message: '找不到对应公司' });
      const track = tracks.get(`${param.com}:${param.num}`);
      if (!track) return send(200, { result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' });
      if (track.phone && param.phone !== track.phone)
        return send(200, { result: false, returnCode: '408', message: '手机号码后四位不正确' });
      send(200, {
        message: 'ok',
        nu: param.num,
        ischeck: track.ischeck ?? '0',
        com: param.com,
        status: '200',
        data: track.data.map((d) => ({ ...d, ftime: d.time })),
        state: track.state,
        condition: 'F00',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
