import { describe, expect, it } from 'vitest';
import { normalizeVipCode } from '../../src/contract/vip';
import { chinaDateTime, chinaDay, countdownText, remainingSeconds } from '../../src/format/order';

describe('order count-down', () => {
  it('formats seconds as mm:ss, and h:mm:ss from an hour on', () => {
    expect(countdownText(0)).toBe('00:00');
    expect(countdownText(-5)).toBe('00:00');
    expect(countdownText(59.9)).toBe('00:59');
    expect(countdownText(29 * 60 + 59)).toBe('29:59');
    expect(countdownText(3600)).toBe('1:00:00');
    expect(countdownText(2 * 3600 + 61)).toBe('2:01:01');
  });

  it('counts by the server clock when the reply carried `now`, else by the device clock', () => {
    const received = 1_000_000_000_000; // device ms when the reply arrived
    // Server says it is 1800 s before expiry; the device clock is far off: the server wins.
    expect(remainingSeconds(5000, 3200, received, received)).toBe(1800);
    expect(remainingSeconds(5000, 3200, received, received + 10_500)).toBe(1790);
    // No server time: the device clock.
    expect(remainingSeconds(1_000_000_100, 0, received, received)).toBe(100);
    // Never negative; nothing to count without an expiry.
    expect(remainingSeconds(5000, 6000, received, received)).toBe(0);
    expect(remainingSeconds(0, 3200, received, received)).toBe(0);
  });

  it('shows times in China time', () => {
    expect(chinaDateTime(Date.UTC(2026, 10, 24, 14, 5) / 1000)).toBe('2026-11-24 22:05');
    expect(chinaDateTime(Date.UTC(2026, 11, 31, 16, 0) / 1000)).toBe('2027-01-01 00:00');
    expect(chinaDateTime(0)).toBe('');
    expect(chinaDay(Date.UTC(2026, 11, 31, 16, 0) / 1000)).toBe('2027-01-01');
  });
});

describe('VIP codes', () => {
  it('are sent without spaces and dashes, in upper case', () => {
    expect(normalizeVipCode(' bk-demo cet30a2 ')).toBe('BKDEMOCET30A2');
  });
});
