import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { CampaignSlug } from '../../contract/offers.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { useSignedIn } from '../../lib/use-hydrated.ts';
import { shortDate } from '../../lib/format.ts';
import { $voucher, claimVoucher, loadVoucher } from './offers-store.ts';
import { SignInFirst, signInLinks } from '../../components/member/SignInFirst.tsx';
import type { CampaignWords, SignInLinks } from './campaign-words.ts';

/**
 * A partner campaign (/campaign, /claim-campaign-vouchers) in the page's language: claim the
 * member's voucher once; it shows again on return. The partner is named as it names itself.
 */
export default function Campaign({
  campaign,
  words,
  links,
}: {
  campaign: CampaignSlug;
  words: CampaignWords;
  links: SignInLinks;
}) {
  const signedIn = useSignedIn();
  const { data, error, busy } = useStore($voucher);
  useEffect(() => {
    if (signedIn) void loadVoucher(campaign, words);
  }, [signedIn, campaign, words]);
  if (!signedIn)
    return (
      <SignInFirst title={words['campaign.claimTitle']} links={signInLinks(words, links)}>
        {words['campaign.signIn']}
      </SignInFirst>
    );
  if (!data)
    return error ? (
      <div className="alert alert--error" role="alert">
        {error}
      </div>
    ) : (
      <p role="status" className="loading-line">
        {words['campaign.loading']}
      </p>
    );
  return (
    <section className="card stack" aria-labelledby="voucher-title">
      <h2 id="voucher-title">{words['campaign.title']}</h2>
      {data.voucher ? (
        <>
          <p>{fill(words['campaign.yourCode'], { date: shortDate(data.claimed_at ?? '') })}</p>
          <p className="voucher" aria-label={fill(words['campaign.codeLabel'], { code: data.voucher })}>
            {data.voucher}
          </p>
          <p>{words['campaign.show']}</p>
        </>
      ) : (
        <>
          <p>{words['campaign.claimFor']}</p>
          {error && (
            <div className="alert alert--error" role="alert">
              {error}
            </div>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void claimVoucher(campaign, words)}
          >
            {words[busy ? 'campaign.claiming' : 'campaign.claim']}
          </button>
        </>
      )}
    </section>
  );
}
