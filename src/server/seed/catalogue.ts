import { KB_PER_GB } from '../../contract/constants.ts';
import type { products } from '../db/schema.ts';

type Product = typeof products.$inferSelect;
const gb = (n: number) => Math.round(n * KB_PER_GB);

/** An add-on or a bundle: data only, no minutes or texts of its own. */
const dataOnly = ({
  dataGb,
  ...p
}: Pick<Product, 'sku' | 'name' | 'kind' | 'priceCents' | 'days'> & { dataGb: number }) => ({
  ...p,
  dataKb: gb(dataGb),
  fupKb: null,
  mobileMinutes: 0,
  landlineMinutes: 0,
  texts: 0,
});

/** A SIM the shop sends: free, no allowance of its own (a membership brings that). */
const sim = (sku: string, name: string): Product => ({
  sku,
  name,
  kind: 'sim',
  priceCents: 0,
  days: 0,
  dataKb: null,
  fupKb: null,
  mobileMinutes: null,
  landlineMinutes: null,
  texts: null,
});

/**
 * The SKUs of spec section 9 with their prices and allowances (null = unlimited). The
 * marketing copy in content/plans.yaml describes the same memberships; a unit test keeps
 * names and prices in step.
 */
export const catalogue: Product[] = [
  {
    sku: 'BDDT00',
    name: 'Data Plus €9.99 Membership',
    kind: 'membership',
    priceCents: 999,
    days: 30,
    dataKb: gb(30),
    fupKb: null,
    mobileMinutes: null,
    landlineMinutes: 300,
    texts: null,
  },
  {
    sku: 'BDDV00',
    name: 'All Data €12.99 Membership',
    kind: 'membership',
    priceCents: 1299,
    days: 30,
    dataKb: null,
    fupKb: gb(120),
    mobileMinutes: null,
    landlineMinutes: null,
    texts: null,
  },
  {
    sku: 'BDDT03',
    name: 'May Offer €9.99 Membership',
    kind: 'membership',
    priceCents: 999,
    days: 30,
    dataKb: gb(50),
    fupKb: null,
    mobileMinutes: null,
    landlineMinutes: 300,
    texts: null,
  },
  {
    sku: 'BDDVBL00',
    name: 'All Data 6-Month Bulk Membership',
    kind: 'membership',
    priceCents: 6999,
    days: 180,
    dataKb: null,
    fupKb: gb(120),
    mobileMinutes: null,
    landlineMinutes: null,
    texts: null,
  },
  dataOnly({ sku: 'BDAO05', name: 'Add-on 5 GB', kind: 'addon', priceCents: 500, days: 0, dataGb: 5 }),
  dataOnly({ sku: 'BDAO10', name: 'Add-on 10 GB', kind: 'addon', priceCents: 800, days: 0, dataGb: 10 }),
  dataOnly({ sku: 'BDEG00', name: 'Onboard bundle', kind: 'bundle', priceCents: 0, days: 30, dataGb: 1 }),
  dataOnly({ sku: 'BDGB01', name: 'Goody bag: 1 GB', kind: 'bundle', priceCents: 0, days: 30, dataGb: 1 }),
  dataOnly({
    sku: 'BDGB02',
    name: 'Goody bag: 2 GB birthday data',
    kind: 'bundle',
    priceCents: 0,
    days: 14,
    dataGb: 2,
  }),
  // Offers (goody bags): also in migration 0009, for databases seeded before it.
  dataOnly({ sku: 'BDSTU1', name: 'Student offer: 20 GB', kind: 'bundle', priceCents: 0, days: 30, dataGb: 20 }),
  dataOnly({ sku: 'BDFREE1', name: 'One month free: 30 GB', kind: 'bundle', priceCents: 0, days: 30, dataGb: 30 }),
  dataOnly({ sku: 'BDSMUG1', name: 'feelsmug goody bag: 2 GB', kind: 'bundle', priceCents: 0, days: 7, dataGb: 2 }),
  sim('Pre_Start_3FF_N', '48 SIM'),
  sim('Kickback_Pack_M', 'Recruit SIM (M)'),
  sim('Kickback_Pack_N', 'Recruit SIM (N)'),
  sim('Kickback_Pack_S', 'Recruit SIM (S)'),
];
