import { CODE } from '../../../contract/envelope';
import type { Env } from '../../../runtime/block-api';

/** What a send gives the SMS form: seconds until a resend, null when refused (toasted), or 'challenge' (solve one first). */
export type SendOutcome = number | null | 'challenge';

interface SendReply {
  status: number;
  code: number;
  msg: string;
  data: { resend_in: number } | null;
}

/**
 * Reads a send's reply: 4028 asks for the challenge (the form shows it; its msg is toasted only when a solved one was
 * sent, i.e. it was expired or used); other refusals are toasted.
 */
export function sendOutcome(res: SendReply, toast: (text: string) => void, solved: boolean): SendOutcome {
  if (res.status !== 0 || !res.data) {
    if (res.code === CODE.challengeRequired) {
      if (solved) toast(res.msg);
      return 'challenge';
    }
    toast(res.msg);
    return null;
  }
  return res.data.resend_in;
}

/** A fresh challenge for the widget, or null when the request failed (the widget then shows its error and retry). */
export async function fetchSmsChallenge(env: Env): Promise<unknown | null> {
  const res = await env.call('auth.sms_challenge', {});
  return res.status === 0 ? res.data : null;
}
