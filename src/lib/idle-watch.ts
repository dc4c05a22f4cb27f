import { watchIdle } from './idle.ts';

/** One idle watch per page, whichever islands ask for it. */
let stopWatch: (() => void) | undefined;

export const idleWatch = {
  start(timeoutMs: number, onIdle: () => void, onActivity?: () => void) {
    if (stopWatch) return;
    stopWatch = watchIdle(timeoutMs, onIdle, window, onActivity);
  },
  stop() {
    stopWatch?.();
    stopWatch = undefined;
  },
};
