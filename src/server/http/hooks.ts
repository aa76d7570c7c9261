/**
 * Moments one area announces and another acts on, without importing it (which the door rule and the cycle check
 * would refuse): accounts announces a first login and a bound mobile, orders a payment and a refund; the activities area listens (an
 * attribution ticket is redeemed, an invitee qualifies, a reward is revoked); courses, questions and e-books announce a
 * study action. Listeners run in order and are awaited;
 * a listener's failure is logged and never fails the call that announced the moment.
 */
export interface FirstLogin {
  userId: number;
  /** What the login carried from an activity (`from_activity`): an attribution ticket or an activity id. */
  fromActivity: string;
  ip: string;
  userAgent: string;
  deviceId: string;
}

export interface Paid {
  userId: number;
  orderId: number;
}

/** A study action: a video progress report, an answered question, a reading report. */
export interface Studied {
  userId: number;
}

/** A mobile number bound to an account that had none (the SMS-confirmed binding). */
export interface MobileBound {
  userId: number;
}

export interface Refunded {
  userId: number;
  orderId: number;
}

interface Moments {
  firstLogin: FirstLogin;
  paid: Paid;
  refunded: Refunded;
  studied: Studied;
  mobileBound: MobileBound;
}

type Listener<T> = (event: T) => Promise<void>;
type Log = { error: (o: object, m: string) => void };

export class Hooks {
  private readonly listeners: { [K in keyof Moments]: Listener<Moments[K]>[] } = {
    firstLogin: [],
    paid: [],
    refunded: [],
    studied: [],
    mobileBound: [],
  };
  constructor(private readonly log: Log) {}

  on<K extends keyof Moments>(moment: K, listener: Listener<Moments[K]>): void {
    this.listeners[moment].push(listener);
  }

  async emit<K extends keyof Moments>(moment: K, event: Moments[K]): Promise<void> {
    for (const listener of this.listeners[moment]) {
      try {
        await listener(event);
      } catch (e) {
        this.log.error({ err: e, moment, event }, `hook ${moment} failed`);
      }
    }
  }
}
