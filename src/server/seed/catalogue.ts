import { KB_PER_GB } from '../../contract/constants.ts';
import type { products } from '../db/schema.ts';

type Product = typeof products.$inferSelect;
const gb = (n: number) => Math.round(n * KB_PER_GB);

/**
 * The SKUs of spec section 9 with their prices and allowances (null = unlimited). The
 * marketing copy in content/plans.yaml describes the same memberships; a unit test keeps
 * names and prices in step.
 */
export const catalogue: Product[] = [
  { sku: 'BDDT00', name: 'Data Plus €9.99 Membership', kind: 'membership', priceCents: 999, days: 30, dataKb: gb(30), fupKb: null, mobileMinutes: null, landlineMinutes: 300, texts: null, roamingKb: gb(12.5) },
  { sku: 'BDDV00', name: 'All Data €12.99 Membership', kind: 'membership', priceCents: 1299, days: 30, dataKb: null, fupKb: gb(120), mobileMinutes: null, landlineMinutes: null, texts: null, roamingKb: gb(16.25) },
  { sku: 'BDDT03', name: 'May Offer €9.99 Membership', kind: 'membership', priceCents: 999, days: 30, dataKb: gb(50), fupKb: null, mobileMinutes: null, landlineMinutes: 300, texts: null, roamingKb: gb(12.5) },
  { sku: 'BDDVBL00', name: 'All Data 6-Month Bulk Membership', kind: 'membership', priceCents: 6999, days: 180, dataKb: null, fupKb: gb(120), mobileMinutes: null, landlineMinutes: null, texts: null, roamingKb: gb(16.25) },
  { sku: 'BDAO05', name: 'Add-on 5 GB', kind: 'addon', priceCents: 500, days: 0, dataKb: gb(5), fupKb: null, mobileMinutes: 0, landlineMinutes: 0, texts: 0, roamingKb: 0 },
  { sku: 'BDAO10', name: 'Add-on 10 GB', kind: 'addon', priceCents: 800, days: 0, dataKb: gb(10), fupKb: null, mobileMinutes: 0, landlineMinutes: 0, texts: 0, roamingKb: 0 },
  { sku: 'BDEG00', name: 'Onboard bundle', kind: 'bundle', priceCents: 0, days: 30, dataKb: gb(1), fupKb: null, mobileMinutes: 0, landlineMinutes: 0, texts: 0, roamingKb: 0 },
  { sku: 'BDGB01', name: 'Goody bag: 1 GB', kind: 'bundle', priceCents: 0, days: 30, dataKb: gb(1), fupKb: null, mobileMinutes: 0, landlineMinutes: 0, texts: 0, roamingKb: 0 },
  { sku: 'BDGB02', name: 'Goody bag: 2 GB birthday data', kind: 'bundle', priceCents: 0, days: 14, dataKb: gb(2), fupKb: null, mobileMinutes: 0, landlineMinutes: 0, texts: 0, roamingKb: 0 },
  // Offers (goody bags): also in migration 0009, for databases seeded before it.
  { sku: 'BDSTU1', name: 'Student offer: 20 GB', kind: 'bundle', priceCents: 0, days: 30, dataKb: gb(20), fupKb: null, mobileMinutes: 0, landlineMinutes: 0, texts: 0, roamingKb: 0 },
  { sku: 'BDFREE1', name: 'One month free: 30 GB', kind: 'bundle', priceCents: 0, days: 30, dataKb: gb(30), fupKb: null, mobileMinutes: 0, landlineMinutes: 0, texts: 0, roamingKb: 0 },
  { sku: 'BDSMUG1', name: 'feelsmug goody bag: 2 GB', kind: 'bundle', priceCents: 0, days: 7, dataKb: gb(2), fupKb: null, mobileMinutes: 0, landlineMinutes: 0, texts: 0, roamingKb: 0 },
  { sku: 'Pre_Start_3FF_N', name: '48 SIM', kind: 'sim', priceCents: 0, days: 0, dataKb: null, fupKb: null, mobileMinutes: null, landlineMinutes: null, texts: null, roamingKb: 0 },
  { sku: 'Kickback_Pack_M', name: 'Recruit SIM (M)', kind: 'sim', priceCents: 0, days: 0, dataKb: null, fupKb: null, mobileMinutes: null, landlineMinutes: null, texts: null, roamingKb: 0 },
  { sku: 'Kickback_Pack_N', name: 'Recruit SIM (N)', kind: 'sim', priceCents: 0, days: 0, dataKb: null, fupKb: null, mobileMinutes: null, landlineMinutes: null, texts: null, roamingKb: 0 },
  { sku: 'Kickback_Pack_S', name: 'Recruit SIM (S)', kind: 'sim', priceCents: 0, days: 0, dataKb: null, fupKb: null, mobileMinutes: null, landlineMinutes: null, texts: null, roamingKb: 0 },
];
