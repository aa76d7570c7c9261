import type { JsSdkTicketProvider } from './types';

/** Offline ticket; signatures are computed exactly as WeChat does, over this ticket. */
export class SandboxTicketProvider implements JsSdkTicketProvider {
  readonly name = 'sandbox';
  constructor(private readonly value = 'sandbox-jsapi-ticket') {}
  async ticket(): Promise<string> {
    return this.value;
  }
}
