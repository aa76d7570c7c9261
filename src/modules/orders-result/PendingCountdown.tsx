/** mm:ss 后订单自动关闭, ticking each second; calls onEnd once at 0 (the page re-reads the order, which is closed by then). */
import { useEffect, useState } from 'react';
import { orderCheckout as t } from '../../i18n/zh-CN/order-checkout';
import { clockText, secondsLeft } from './countdown';

export function PendingCountdown({ expiresAt, skew, onEnd }: { expiresAt: number; skew: number; onEnd: () => void }) {
  const left = () => secondsLeft(expiresAt, Date.now() / 1000, skew);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = setInterval(() => {
      const s = secondsLeft(expiresAt, Date.now() / 1000, skew);
      setSeconds(s);
      if (s <= 0) {
        clearInterval(timer);
        onEnd();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [expiresAt, skew, onEnd]);
  return (
    <p className="or-countdown" data-testid="order-result-countdown" data-seconds={seconds}>
      {t.closesIn(clockText(seconds))}
    </p>
  );
}
