import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { RECRUIT_REWARD_CENTS } from '../../../contract/recruit.ts';
import { AddressFields } from '../../../components/forms/AddressFields.tsx';
import { FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { euro, shortDate } from '../../../lib/format.ts';
import type { ScreenProps } from '../../screen-props.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { addressWords, loadRecruit, recruit, recruitLink, sendForm, speakSendForm } from './recruit-store.ts';
import { localHref } from '../../../contract/i18n/routes.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { locale, say } from '../../speech.ts';
import { sendStateOf } from './send-state.ts';
import { TableHead } from '../../../components/TableHead.tsx';

function NoActiveSim() {
  return (
    <div className="card stack">
      <FormAlert tone="info">{say('my48.rec.needsActiveSim')}</FormAlert>
      <p>
        {slotted(say('my48.rec.noSim'), {
          link: <a href={localHref(locale(), '/activate-sim')}>{say('my48.rec.activate')}</a>,
        })}
      </p>
    </div>
  );
}

function MaxLimit() {
  return (
    <div className="card stack">
      <FormAlert tone="info">{say('my48.rec.tooMany')}</FormAlert>
      <p>{say('my48.rec.maxText')}</p>
      <p>
        <a href="/my48/recruit-and-reward">{say('my48.rec.back')}</a>
      </p>
    </div>
  );
}

/** Send free SIM (spec section 4): the form with a loader, the confirmation, and the max-limit and no-active-SIM states. */
function SendFreeSim() {
  const { limits, limitsRefusalCode } = useStore(recruit.$state).data ?? {};
  const { busy, busyLabel, error, errorCode, fields, result } = useStore(sendForm.$state);
  useEffect(() => sendForm.reset, []);
  speakSendForm();
  const state = sendStateOf(error ? errorCode : limitsRefusalCode);
  if (state === 'noActiveSim') return <NoActiveSim />;
  if (result) {
    return (
      <div className="card stack">
        <FormAlert tone="success">
          {say('my48.rec.sent', {
            name: `${result.order.firstname} ${result.order.lastname}`,
            line1: result.order.s_line1,
            city: result.order.s_city,
          })}
        </FormAlert>
        <p>{say('my48.rec.sentMore', { left: result.left_today, reward: euro(RECRUIT_REWARD_CENTS) })}</p>
        <div className="actions">
          {result.left_today > 0 && (
            <button type="button" className="btn btn--primary" onClick={sendForm.reset}>
              {say('my48.rec.sendAnother')}
            </button>
          )}
          <a className="btn btn--outline" href="/my48/recruit-and-reward">
            {say('my48.rec.back')}
          </a>
        </div>
      </div>
    );
  }
  if (state === 'maxLimit' || limits?.left_today === 0) return <MaxLimit />;
  if (!limits)
    return (
      <p role="status" className="loading-line">
        {say('my48.loading')}
      </p>
    );
  return (
    <form className="form card" noValidate onSubmit={sendForm.onSubmit} aria-labelledby="send-title">
      <h2 id="send-title" className="form__title">
        {say('my48.rec.sendTitle')}
      </h2>
      <p>{say('my48.rec.postFree', { left: limits.left_today })}</p>
      <FormAlert>{error}</FormAlert>
      <AddressFields errors={fields} someoneElse words={addressWords()} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        {say('my48.rec.send')}
      </SubmitButton>
    </form>
  );
}

function CopyLink({ link }: { link: string }) {
  const [copied, setCopied] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(say('my48.rec.copied'));
    } catch {
      setCopied(say('my48.rec.copyFailed'));
    }
  };
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="recruit-link">{say('my48.rec.yourLink')}</label>
        <input id="recruit-link" type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={() => void copy()}>
          {say('my48.rec.copy')}
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
        {say('my48.rec.loading')}
      </p>
    );
  if (sending) return <SendFreeSim />;
  const { affiliateId, rewards, limits, limitsRefusal } = state.data;
  // The friends' table's columns, each also the label of its cell on a narrow screen.
  const [since, status, reward] = [say('my48.rec.since'), say('my48.rec.status'), say('my48.rec.reward')];
  return (
    <div className="stack">
      <p>{say('my48.rec.intro', { reward: euro(rewards.reward_cents) })}</p>
      <section className="card stack" aria-labelledby="link-title">
        <h2 id="link-title">{say('my48.rec.shareLink')}</h2>
        <CopyLink link={recruitLink(affiliateId)} />
      </section>
      <section className="tiles" aria-label={say('my48.rec.rewards')}>
        <section className="tile" aria-labelledby="earned-title">
          <h2 id="earned-title">{say('my48.rec.earned')}</h2>
          <p className="tile__figure">{euro(rewards.earned_cents)}</p>
        </section>
        <section className="tile" aria-labelledby="today-title">
          <h2 id="today-title">{say('my48.rec.today')}</h2>
          {limits ? (
            <>
              <p className="tile__figure">
                {say('my48.rec.leftOf', { left: limits.left_today, limit: limits.daily_limit })}
              </p>
              {limits.left_today > 0 ? (
                <a className="btn btn--primary" href="/my48/recruit-and-reward/send-free-sim">
                  {say('my48.rec.sendOne')}
                </a>
              ) : (
                <p>{say('my48.rec.tooManyTomorrow')}</p>
              )}
            </>
          ) : (
            <p>{limitsRefusal}</p>
          )}
        </section>
      </section>
      <section className="card stack" aria-labelledby="friends-title">
        <h2 id="friends-title">{say('my48.rec.friends')}</h2>
        {rewards.friends.length === 0 ? (
          <p>{say('my48.rec.noFriends')}</p>
        ) : (
          <div className="table-wrap" role="region" aria-label={say('my48.rec.friendsTable')} tabIndex={0}>
            <table className="cards">
              <TableHead columns={[say('my48.rec.friend'), since, status, { label: reward, className: 'num' }]} />
              <tbody>
                {rewards.friends.map((f) => (
                  <tr key={`${f.name}-${f.sent_at}`}>
                    <td>{f.name}</td>
                    <td data-label={since}>{shortDate(f.sent_at)}</td>
                    <td data-label={status}>{say(`my48.rec.status.${f.status}`)}</td>
                    <td className="num" data-label={reward}>
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
