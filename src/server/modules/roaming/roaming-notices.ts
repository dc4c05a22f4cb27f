import { roamingGb, surchargeCentsPerGb } from '../../../contract/roaming.ts';
import type { Notice } from '../alerts/index.ts';

/*
 * What a member is told of their roaming (docs/product/roaming.md): notices of the catalogue, written
 * in the member's language when raised (ADR 064). Countries by code, figures and euro by value.
 */

/** The most a GB past the EU allowance costs, VAT included. */
const surcharge = (at: Date) => ({ euro: surchargeCentsPerGb(at) });
const gb = (kb: number) => ({ decimal: roamingGb(kb) });

/** Arrival in a country of the EU and EEA: like at home, with the allowance left. */
export const euArrival = (country: string, leftKb: number, fromCredit: boolean, at: Date): Notice => ({
  notice: 'roamEu',
  values: {
    country: { country },
    gb: gb(leftKb),
    fromCredit: fromCredit ? { say: 'notice.roam.fromCredit' } : '',
    surcharge: surcharge(at),
  },
});

/** 80 % or all of the EU allowance used. */
export const euUsed = (level: 80 | 100, maxKb: number, untilRenewal: boolean, at: Date): Notice =>
  level === 80
    ? { notice: 'roamEu80', values: { gb: gb(maxKb), surcharge: surcharge(at) } }
    : {
        notice: 'roamEu100',
        values: {
          gb: gb(maxKb),
          surcharge: surcharge(at),
          untilRenewal: untilRenewal ? { say: 'notice.roam.untilRenewal' } : '',
        },
      };

/** Arrival outside the EU: the zone's rates, and the cap on data (or none). */
export const zoneArrival = (
  country: string,
  zone: string,
  rates: { callMade: number; callReceived: number; text: number; dataMb: number } | undefined,
  cap: { cents: number; withVat: number } | null,
): Notice => ({
  notice: 'roamZone',
  values: {
    country: { country },
    zone,
    rates: rates
      ? {
          say: 'notice.roam.rates',
          values: {
            made: { euro: rates.callMade },
            received: { euro: rates.callReceived },
            text: { euro: rates.text },
            mb: { euro: rates.dataMb },
          },
        }
      : '',
    cap: cap
      ? { say: 'notice.roam.cap', values: { capVat: { euro: cap.withVat }, cap: { euro: cap.cents } } }
      : { say: 'notice.roam.noCap' },
  },
});

/** Data outside the EU at 80 % of the month's cap, or at the cap (stopped). */
export const capUsed = (level: 80 | 100, spentCents: number, cap: { cents: number; withVat: number }): Notice => ({
  notice: level === 80 ? 'roamCap80' : 'roamCapReached',
  values: { spent: { euro: spentCents }, capVat: { euro: cap.withVat }, cap: { euro: cap.cents } },
});
