import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { MarketingPermissionsForm } from '../../components/forms/MarketingPermissionsForm.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { isLocalPath } from '../../lib/last-url.ts';
import { readStorage } from '../../lib/storage.ts';
import { $nickname, loadNickname } from './sign-up-confirmed-store.ts';

/**
 * After verification (spec section 4: for a sign-up, the member details are loaded and the
 * marketing component is shown), with the next step of the member's journey first.
 */
export default function SignUpConfirmed() {
  const userId = useMemberPage();
  const nickname = useStore($nickname);
  useEffect(() => {
    if (userId) void loadNickname(userId);
  }, [userId]);
  // The next step depends on the query and the storage: read once the guard has let the member in;
  // until then the build's default step keeps its place, unseen (no other member's step shows).
  const freeSim = userId !== undefined && new URLSearchParams(location.search).get('fromStore') === 'false';
  // Came by a friend's recruit link (kept through sign-up): the mates-rates SIM is the next step.
  const recruiterUrl = userId !== undefined ? readStorage('recruiterURL') : null;
  const recruited = isLocalPath(recruiterUrl) && recruiterUrl.startsWith('/friend');
  return (
    <div className="stack">
      <section className="card" aria-labelledby="next-title" style={userId === undefined ? { visibility: 'hidden' } : undefined}>
        <h2 id="next-title">{nickname ? `Welcome to 48, ${nickname}` : 'Welcome to 48'}</h2>
        {recruited ? (
          <>
            <p>Your friend invited you: order your mates-rates SIM, it's free.</p>
            <div className="actions">
              <a className="btn btn--primary" href={recruiterUrl}>Order your mates-rates SIM</a>
              <a className="btn btn--outline" href="/activate-sim">I already have a SIM</a>
            </div>
          </>
        ) : freeSim ? (
          <>
            <p>Tell us where to post your free SIM. It arrives in two to three working days.</p>
            <div className="actions">
              <a className="btn btn--primary" href="/order-free-sim">Order your free SIM</a>
              <a className="btn btn--outline" href="/activate-sim">I already have a SIM</a>
            </div>
          </>
        ) : (
          <>
            <p>Have your 48 SIM card to hand: activating it takes a minute.</p>
            <div className="actions">
              <a className="btn btn--primary" href="/activate-sim">Activate your SIM</a>
              <a className="btn btn--outline" href="/order-free-sim">Order a free SIM</a>
            </div>
          </>
        )}
      </section>
      <MarketingPermissionsForm userId={userId} />
    </div>
  );
}
