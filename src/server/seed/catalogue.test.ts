import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { KB_PER_GB } from '../../contract/constants.ts';
import { catalogue } from './catalogue.ts';

// The marketing pages (content/plans.yaml) and the billing catalogue describe the same
// memberships; a plan that says one price on the site and charges another must not ship.
const plans = parse(readFileSync('content/plans.yaml', 'utf8')) as {
  sku: string;
  name: string;
  price_cents: number;
  days: number;
  data_gb: number | 'unlimited';
  fair_usage_gb?: number;
}[];

describe('content/plans.yaml and the product catalogue', () => {
  it.each(plans.map((p) => [p.sku, p] as const))('%s has the same name, price, days and allowances', (_sku, plan) => {
    const product = catalogue.find((p) => p.sku === plan.sku);
    expect(product).toBeDefined();
    expect(product).toMatchObject({
      name: plan.name,
      priceCents: plan.price_cents,
      days: plan.days,
      kind: 'membership',
    });
    expect(product!.dataKb).toBe(plan.data_gb === 'unlimited' ? null : Math.round(plan.data_gb * KB_PER_GB));
    expect(product!.fupKb).toBe(plan.fair_usage_gb ? Math.round(plan.fair_usage_gb * KB_PER_GB) : null);
  });

  it('holds every SKU of spec section 9', () => {
    const skus = catalogue.map((p) => p.sku);
    for (const sku of [
      'Pre_Start_3FF_N',
      'BDDT00',
      'BDDV00',
      'BDDT03',
      'BDDVBL00',
      'BDEG00',
      'Kickback_Pack_M',
      'Kickback_Pack_N',
      'Kickback_Pack_S',
    ]) {
      expect(skus).toContain(sku);
    }
  });
});
