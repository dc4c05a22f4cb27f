// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fakePanda } from '../../testing/fake-panda.ts';

/** The lost-SIM control's one message: it follows what the network holds, after a block and after an unblock. */
fakePanda();
const { lostSimMessage } = await import('./controls-store.ts');

const sim = (blocked: boolean, line_state: 'active' | 'suspended' | null, network_waiting = false) => ({
  blocked,
  line_state,
  network_waiting,
});

describe('the lost-SIM message', () => {
  it('blocked: here first, waiting if the network holds it back, then on the network', () => {
    expect(lostSimMessage(sim(true, 'active'), false)?.text).toBe(
      'Your SIM is blocked here; blocking it on the network…',
    );
    expect(lostSimMessage(sim(true, 'active', true), false)?.text).toMatch(/waiting for the network to block it/);
    expect(lostSimMessage(sim(true, 'suspended'), false)).toEqual({
      tone: 'error',
      text: 'Your SIM is blocked on the network: it no longer works in any phone. Nobody can buy anything or move data with it.',
    });
  });

  it('unblocked: "unblocking on the network" until the line is back, then that it works; nothing once seen', () => {
    expect(lostSimMessage(sim(false, 'suspended'), true)).toEqual({ tone: 'info', text: 'Unblocking on the network…' });
    expect(lostSimMessage(sim(false, 'active'), true)).toEqual({
      tone: 'success',
      text: 'Your SIM is unblocked and works again.',
    });
    expect(lostSimMessage(sim(false, 'active'), false)).toBeUndefined();
  });
});
