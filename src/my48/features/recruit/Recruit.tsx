import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import { RECRUIT_REWARD_CENTS } from '../../../contract/recruit.ts';
import { AddressFields } from '../../../components/forms/AddressFields.tsx';
import { FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { euro, shortDate } from '../../../lib/format.ts';
import type { ScreenProps } from '../../screen-props.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { loadRecruit, recruit, recruitLink, sendForm } from './recruit-store.ts';
import { sendStateOf } from './send-state.ts';
import { TableHead } from '../../../components/TableHead.tsx';

const STATUS = {
  sent: 'SIM on its way',
  activated: 'SIM active: reward when they buy a first membership',
  rewarded: 'Reward paid',
} as const;

function NoActiveSim() {
  return (
    <div className="card stack">
      <FormAlert tone="info">{messages.mgmNeedsActiveSim}</FormAlert>
      <p>
        Recruit and reward is for members with an active 48 SIM. <a href="/activate-sim">Activate your SIM</a> and you
        can send free SIMs to your friends.
      </p>
    </div>
  );
}

function MaxLimit() {
  return (
    <div className="card stack">
      <FormAlert tone="info">{messages.tooManyMgmSims}</FormAlert>
      <p>
        You can send 3 free SIMs a day, and today's are sent. Come back tomorrow to send more; your recruit link works
        any time.
      </p>
      <p>
        <a href="/my48/recruit-and-reward">Back to recruit and reward</a>
      </p>
    </div>
  );
}

/** Send free SIM (spec section 4): the form with a loader, the confirmation, and the max-limit and no-active-SIM states. */
function SendFreeSim() {
  const { limits, limitsRefusalCode } = useStore(recruit.$state).data ?? {};
  const { busy, busyLabel, error, errorCode, fields, result } = useStore(sendForm.$state);
  useEffect(() => sendForm.reset, []);
  const state = sendStateOf(error ? errorCode : limitsRefusalCode);
  if (state === 'noActiveSim') return <NoActiveSim />;
  if (result) {
    return (
      <div className="card stack">
        <FormAlert tone="success">{`Your friend's free SIM is on its way to ${result.order.firstname} ${result.order.lastname}, ${result.order.s_line1}, ${result.order.s_city}.`}</FormAlert>
        <p>{`You can send ${result.left_today} more today. When your friend activates it and buys a first membership, you get ${euro(RECRUIT_REWARD_CENTS)} credit.`}</p>
        <div className="actions">
          {result.left_today > 0 && (
            <button type="button" className="btn btn--primary" onClick={sendForm.reset}>
              Send another
            </button>
          )}
          <a className="btn btn--outline" href="/my48/recruit-and-reward">
            Back to recruit and reward
          </a>
        </div>
      </div>
    );
  }
  if (state === 'maxLimit' || limits?.left_today === 0) return <MaxLimit />;
  if (!limits)
    return (
      <p role="status" className="loading-line">
        Loading…
      </p>
    );
  return (
    <form className="form card" noValidate onSubmit={sendForm.onSubmit} aria-labelledby="send-title">
      <h2 id="send-title" className="form__title">
        Send a free SIM to a friend
      </h2>
      <p>{`We post it for free. You can send ${limits.left_today} more today.`}</p>
      <FormAlert>{error}</FormAlert>
      <AddressFields errors={fields} someoneElse />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        Send free SIM
      </SubmitButton>
    </form>
  );
}

function CopyLink({ link }: { link: string }) {
  const [copied, setCopied] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied.');
    } catch {
      setCopied('Copy did not work here: select the link and copy it.');
    }
  };
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="recruit-link">Your recruit link</label>
        <input id="recruit-link" type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={() => void copy()}>
          Copy link
        </button>
        <p role="status" aria-live="polite">
          {copied}
        </p>
      </div>
    </div>
  );
}

/** Recruit and reward: the member's link, the reward earned and per friend, free SIMs left today; send-free-sim below it. */
export default function Recruit({ page }: ScreenProps) {
  const state = useStore(recruit.$state);
  const sending = page.route === 'recruitFragment';
  useEffect(() => {
    void loadRecruit();
  }, []);
  if (state.status === 'error')
    return <LoadFailed error={state.error} retry={state.retryable ? () => void recruit.retry() : undefined} />;
  if (!state.data)
    return (
      <p role="status" className="loading-line">
        Loading your recruit details…
      </p>
    );
  if (sending) return <SendFreeSim />;
  const { affiliateId, rewards, limits, limitsRefusal } = state.data;
  return (
    <div className="stack">
      <p>{`Bring your friends to 48: for each friend who activates their SIM and buys a first membership you get ${euro(rewards.reward_cents)} credit. Send them your link, or a free SIM by post.`}</p>
      <section className="card stack" aria-labelledby="link-title">
        <h2 id="link-title">Share your link</h2>
        <CopyLink link={recruitLink(affiliateId)} />
      </section>
      <section className="tiles" aria-label="Your rewards">
        <section className="tile" aria-labelledby="earned-title">
          <h2 id="earned-title">Reward earned</h2>
          <p className="tile__figure">{euro(rewards.earned_cents)}</p>
        </section>
        <section className="tile" aria-labelledby="today-title">
          <h2 id="today-title">Free SIMs today</h2>
          {limits ? (
            <>
              <p className="tile__figure">{`${limits.left_today} of ${limits.daily_limit} left`}</p>
              {limits.left_today > 0 ? (
                <a className="btn btn--primary" href="/my48/recruit-and-reward/send-free-sim">
                  Send a free SIM
                </a>
              ) : (
                <p>{messages.tooManyMgmSims} Try again tomorrow.</p>
              )}
            </>
          ) : (
            <p>{limitsRefusal}</p>
          )}
        </section>
      </section>
      <section className="card stack" aria-labelledby="friends-title">
        <h2 id="friends-title">Your friends</h2>
        {rewards.friends.length === 0 ? (
          <p>No friends recruited yet. Share your link to start.</p>
        ) : (
          <div className="table-wrap" role="region" aria-label="Friends and their rewards" tabIndex={0}>
            <table className="cards">
              <TableHead columns={['Friend', 'Since', 'Status', { label: 'Reward', className: 'num' }]} />
              <tbody>
                {rewards.friends.map((f) => (
                  <tr key={`${f.name}-${f.sent_at}`}>
                    <td>{f.name}</td>
                    <td data-label="Since">{shortDate(f.sent_at)}</td>
                    <td data-label="Status">{STATUS[f.status]}</td>
                    <td className="num" data-label="Reward">
                      {f.reward_cents ? euro(f.reward_cents) : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
