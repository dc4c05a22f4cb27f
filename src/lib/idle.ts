/** Any of these counts as activity (spec section 4 "Idle timer": mouse, keyboard, touch or resize). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'resize', 'wheel'] as const;

/**
 * Calls onIdle once after `timeoutMs` without activity. Returns a function that stops watching.
 * Timers restart (and onActivity runs) at most once a second, so a moving mouse costs nothing.
 */
export function watchIdle(
  timeoutMs: number,
  onIdle: () => void,
  target: Window = window,
  onActivity?: () => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastReset = 0;
  const arm = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      stop();
      onIdle();
    }, timeoutMs);
  };
  const active = () => {
    const now = Date.now();
    if (now - lastReset < 1000) return;
    lastReset = now;
    arm();
    onActivity?.();
  };
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, active);
  };
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, active, { passive: true });
  arm();
  return stop;
}
