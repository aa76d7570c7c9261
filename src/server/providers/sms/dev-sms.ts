import type { SmsProvider } from './types';

export interface InboxEntry {
  mobile: string;
  code: string;
  sent_at: number;
  expires_in: number;
}

/**
 * Development SMS provider: nothing leaves the machine. Each code is kept in a small in-memory inbox that the
 * dev-only `/dev/sms-inbox` endpoint shows, and written to the server log outside production. A production process
 * (a staging server with ALLOW_SANDBOXES=1) logs the send without the code: a log is read by more people, and kept
 * longer, than a login code may be.
 */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  private readonly inbox: InboxEntry[] = [];
  constructor(
    private readonly clock: () => number,
    private readonly print: (line: string) => void = (line) => console.log(line),
    private readonly production = false,
    private readonly capacity = 200,
  ) {}

  async sendCode(mobile: string, code: string, ttlSeconds: number): Promise<void> {
    this.inbox.unshift({ mobile, code, sent_at: this.clock(), expires_in: ttlSeconds });
    this.inbox.length = Math.min(this.inbox.length, this.capacity);
    const shown = this.production ? '******（生产环境不打印验证码）' : code;
    this.print(`[dev-sms] ${mobile} 验证码 ${shown}（${Math.round(ttlSeconds / 60)} 分钟内有效）`);
  }

  /** Newest first; optionally only one mobile's messages. */
  messages(mobile?: string): InboxEntry[] {
    return mobile ? this.inbox.filter((m) => m.mobile === mobile) : [...this.inbox];
  }
}
