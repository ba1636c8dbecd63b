import { useCallback, useRef } from 'react';

/** While a row's command waits for the phone, just after a clerk sent it from the list: about the detail page's pace. */
export const FAST_POLL_MS = 1000;
/** A row still in transit long after (a phone offline for a while): the list's usual pace. */
export const SLOW_POLL_MS = 5000;
/** How long after a command from a row the list keeps the fast pace. */
export const FAST_WINDOW_MS = 60_000;

/** rowPollInterval: how often a device list refreshes, given whether a row is in transit and until when to hurry. */
export function rowPollInterval(inTransit: boolean, fastUntil: number, now = Date.now()): number | false {
  if (!inTransit) return false;
  return now < fastUntil ? FAST_POLL_MS : SLOW_POLL_MS;
}

/**
 * useRowPoll makes a device list refresh about every second for a minute after a command sent from one of its rows
 * (`kick`), while a row is in transit, so 锁定中 turns into 已锁定 as soon as the phone answers; otherwise every 5 s.
 */
export function useRowPoll() {
  const fastUntil = useRef(0);
  const interval = useCallback((inTransit: boolean) => rowPollInterval(inTransit, fastUntil.current), []);
  const kick = useCallback(() => {
    fastUntil.current = Date.now() + FAST_WINDOW_MS;
  }, []);
  return { interval, kick };
}
