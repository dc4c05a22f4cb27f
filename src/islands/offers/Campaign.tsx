import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { PARTNER_CAMPAIGNS, type CampaignSlug } from '../../contract/offers.ts';
import { useSignedIn } from '../../lib/use-hydrated.ts';
import { shortDate } from '../../lib/format.ts';
import { $voucher, claimVoucher, loadVoucher } from './offers-store.ts';
import { SignInFirst } from '../../components/member/SignInFirst.tsx';

/** A partner campaign (/campaign, /claim-campaign-vouchers): claim the member's voucher once; it shows again on return. */
export default function Campaign({ campaign }: { campaign: CampaignSlug }) {
  const signedIn = useSignedIn();
  const { data, error, busy } = useStore($voucher);
  const { partner, reward } = PARTNER_CAMPAIGNS[campaign];
  useEffect(() => {
    if (signedIn) void loadVoucher(campaign);
  }, [signedIn, campaign]);
  if (!signedIn)
    return (
      <SignInFirst title={`Claim ${reward} from ${partner}`}>
        Log in to claim your voucher. Every 48 member can claim one.
      </SignInFirst>
    );
  if (!data)
    return error ? (
      <div className="alert alert--error" role="alert">
        {error}
      </div>
    ) : (
      <p role="status" className="loading-line">
        Loading your voucher…
      </p>
    );
  return (
    <section className="card stack" aria-labelledby="voucher-title">
      <h2 id="voucher-title">{`${partner}: ${reward}`}</h2>
      {data.voucher ? (
        <>
          <p>{`Your voucher code, claimed on ${shortDate(data.claimed_at ?? '')}:`}</p>
          <p className="voucher" aria-label={`Voucher code ${data.voucher}`}>
            {data.voucher}
          </p>
          <p>{`Show it or enter it at ${partner}. It is yours alone and works once.`}</p>
        </>
      ) : (
        <>
          <p>{`Claim your voucher for ${reward}. One per member.`}</p>
          {error && (
            <div className="alert alert--error" role="alert">
              {error}
            </div>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void claimVoucher(campaign)}
          >
            {busy ? 'Claiming your voucher…' : 'Claim my voucher'}
          </button>
        </>
      )}
    </section>
  );
}
