import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/orders.schema.ts';
import { canOrderFreeSim, orderStatus, orderSteps } from './orders-store.ts';

const order = (over: Partial<Order> = {}): Order => ({
  id: 1,
  sku: 'Pre_Start_3FF_N',
  status: 'SIM_ORDERED',
  created_at: '2026-11-20T10:00:00.000Z',
  firstname: 'Méabh',
  lastname: "O'Carroll",
  s_line1: '12 Quay Street',
  s_line2: null,
  s_city: 'Galway',
  s_county: 'Galway',
  s_postcode: null,
  dispatched_at: null,
  delivered_at: null,
  ...over,
});

describe('an order on its way', () => {
  it('says where it is: ordered, dispatched, delivered', () => {
    expect(orderStatus(order())).toBe('ordered');
    expect(orderStatus(order({ dispatched_at: '2026-11-20T10:02:00.000Z' }))).toBe('dispatched');
    expect(
      orderStatus(
        order({
          status: 'SIM_DELIVERED',
          dispatched_at: '2026-11-20T10:02:00.000Z',
          delivered_at: '2026-11-21T09:00:00.000Z',
        }),
      ),
    ).toBe('delivered');
    expect(orderStatus(order({ status: 'SIM_REORDERED' }))).toBe('reordered');
  });

  it('has three steps, each with its date once it happened', () => {
    expect(orderSteps(order({ dispatched_at: '2026-11-20T10:02:00.000Z' }))).toEqual([
      { step: 'ordered', at: '2026-11-20T10:00:00.000Z' },
      { step: 'sent', at: '2026-11-20T10:02:00.000Z' },
      { step: 'delivered', at: null },
    ]);
    expect(orderSteps(order({ status: 'SIM_REORDERED' }))[0]!.step).toBe('reordered');
  });

  it('a free SIM may be ordered again once none is on its way', () => {
    expect(canOrderFreeSim([])).toBe(true);
    expect(canOrderFreeSim([order()])).toBe(false);
    expect(canOrderFreeSim([order({ status: 'SIM_DELIVERED', delivered_at: '2026-11-21T09:00:00.000Z' })])).toBe(true);
    // A SIM sent to a friend is not the member's own free SIM.
    expect(canOrderFreeSim([order({ sku: 'Kickback_Pack_N' })])).toBe(true);
  });
});
