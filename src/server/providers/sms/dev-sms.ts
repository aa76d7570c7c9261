import type { SmsProvider } from './types';

export interface InboxEntry {
  mobile: string;
  code: string;
  sent_at: number;
  expires_in: number;
}

/**
 * Development SMS provider: nothing leaves the machine. Each code is written to the server log
 * and kept in a small in-memory inbox that the dev-only `/dev/sms-inbox` endpoint shows.
 */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  private readonly inbox: InboxEntry[] = [];
  constructor(
    private readonly clock: () => number,
    private readonly print: (line: string) => void = (line) => console.log(line),
    private readonly capacity = 200,
  ) {}

  async sendCode(mobile: string, code: string, ttlSeconds: number): Promise<void> {
    this.inbox.unshift({ mobile, code, sent_at: this.clock(), expires_in: ttlSeconds });
    this.inbox.length = Math.min(this.inbox.length, this.capacity);
    this.print(`[dev-sms] ${mobile} 验证码 ${code}（${Math.round(ttlSeconds / 60)} 分钟内有效）`);
  }

  /** Newest first; optionally only one mobile's messages. */
  messages(mobile?: string): InboxEntry[] {
    return mobile ? this.inbox.filter((m) => m.mobile === mobile) : [...this.inbox];
  }
}
