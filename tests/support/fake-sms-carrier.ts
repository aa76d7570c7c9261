import type http from 'node:http';

/** One message a fake carrier accepted. */
export interface FakeSms {
  mobile: string;
  code: string;
  signName: string;
  template: string;
}

/** What the two carrier fakes have in common, so one test drives either. */
export interface FakeSmsCarrier {
  /** Use as ALIYUN_SMS_ENDPOINT / TENCENT_SMS_ENDPOINT. */
  url: string;
  /** The key id and secret the fake checks signatures with (a test may change the secret to make them fail). */
  keyId: string;
  secret: string;
  /** Messages accepted, newest last. */
  sent: FakeSms[];
  /** Every request as it arrived on the wire (start line, headers and body), to check nothing secret was sent. */
  wire: string[];
  /** The code of each answer, in order ('OK'/'Ok' for a message taken). */
  answered: string[];
  /** The newest code delivered to `mobile`. */
  lastCode(mobile: string): string | undefined;
  /** Answer every send to `mobile` with this documented error code, or hang up on it with HANG_UP (null to stop). */
  refuse(mobile: string, code: string | null): void;
  close(): Promise<void>;
}

/** The request body as text, and the request as it arrived on the wire. */
export function readRequest(req: http.IncomingMessage): Promise<{ body: string; wire: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', reject);
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const head = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) head.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      resolve({ body, wire: `${head.join('\r\n')}\r\n\r\n${body}` });
    });
  });
}

/** A refusal that is no answer at all: the fake closes the connection (a carrier outage or a network failure). */
export const HANG_UP = 'HANG_UP';
