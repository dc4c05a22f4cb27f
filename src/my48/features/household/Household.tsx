import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import type { HouseholdLine } from '../../../contract/household.schema.ts';
import { clockTime, decimal, euro, formatMsisdn, gb, shortDate } from '../../../lib/format.ts';
import { say, type My48Key } from '../../speech.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { $account } from '../../stores/account.ts';
import {
  $notice,
  $open,
  household,
  inviteForm,
  openAction,
  showHouseholdRequests,
  speakHouseholdForms,
  withdrawForm,
  type LineAction,
} from './household-store.ts';
import './household.css';
import { RequestsToAnswer } from './Requests.tsx';
import { LineDialog } from './LineDialog.tsx';

/** The lines' data by day, with the chart library: loaded when the household has a line to show. */
const LinesUsage = lazy(() => import('./LinesUsage.tsx'));

/** GB with two decimals as the page's language writes them ("1,50" in Polish). */
const gbOf = (kb: number) => decimal(gb(kb));

const dataOf = (l: HouseholdLine) =>
  l.is_unlimited
    ? say('my48.hh.data.unlimited')
    : l.data_max_kb
      ? say('my48.hh.data.left', { left: gbOf(l.data_left_kb ?? 0), max: gbOf(l.data_max_kb) })
      : say('my48.hh.data.none');

/** The line's controls in a sentence (none: nothing set). */
function stateOf(l: HouseholdLine): string {
  const parts = [
    l.state.paused === 'all'
      ? say('my48.hh.state.allPaused')
      : l.state.paused === 'data'
        ? say('my48.hh.state.dataPaused')
        : '',
    l.state.capped
      ? say('my48.hh.state.capped', { gb: l.state.cap_gb ?? '' })
      : l.state.cap_gb
        ? say('my48.hh.state.cap', { gb: l.state.cap_gb })
        : '',
    l.state.filters_on.length ? say('my48.hh.state.filters', { count: l.state.filters_on.length }) : '',
    l.state.under_18 ? say('my48.hh.state.under18') : '',
  ].filter(Boolean);
  return parts.join(' · ');
}

/** What the owner does for a line: the button's text and its name for a screen reader (which line). */
const ACTIONS: readonly LineAction[] = ['membership', 'credit', 'limit', 'controls', 'remove'];
const actionText = (action: LineAction): My48Key => `my48.hh.act.${action}`;
const actionName = (action: LineAction, name: string) => say(`my48.hh.act.${action}For`, { name });

/** One line's figures (docs/product/lifelines.md): never its transactions, messages or details. */
function LineCard({ line }: { line: HouseholdLine }) {
  const titleId = `line-${line.ssn}`;
  return (
    <li className="card stack household__line" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {`${line.name} · `}
        <span className="household__number">{line.msisdn ? formatMsisdn(line.msisdn) : say('my48.hh.noNumber')}</span>
      </h3>
      {line.figures_unavailable ? (
        <p className="alert alert--info">{say('my48.hh.figuresUnavailable')}</p>
      ) : (
        <dl className="household__figures">
          <div>
            <dt>{say('my48.hh.fig.credit')}</dt>
            <dd>{euro(line.credit_cents)}</dd>
          </div>
          <div>
            <dt>{say('my48.hh.fig.membership')}</dt>
            <dd>{line.membership ?? say('my48.hh.fig.none')}</dd>
          </div>
          <div>
            <dt>{say('my48.hh.fig.data')}</dt>
            <dd>{dataOf(line)}</dd>
          </div>
          <div>
            <dt>{say('my48.hh.fig.daysLeft')}</dt>
            <dd>{line.days_left}</dd>
          </div>
          {line.ends_at && (
            <div>
              <dt>{say(line.auto_renew ? 'my48.hh.fig.renews' : 'my48.hh.fig.ends')}</dt>
              <dd>{shortDate(line.ends_at)}</dd>
            </div>
          )}
          <div>
            <dt>{say('my48.hh.fig.autoRenew')}</dt>
            <dd>{say(line.auto_renew ? 'my48.hh.fig.on' : 'my48.hh.fig.off')}</dd>
          </div>
          <div>
            <dt>{say('my48.hh.fig.used')}</dt>
            <dd>
              {say('my48.hh.fig.usedValue', {
                gb: gbOf(line.used.data_kb),
                minutes: line.used.minutes,
                texts: line.used.texts,
              })}
            </dd>
          </div>
          <div>
            <dt>{say('my48.hh.fig.limit')}</dt>
            <dd>
              {line.spend_limit_cents === null
                ? say('my48.hh.fig.none')
                : say('my48.hh.fig.limitValue', { amount: euro(line.spend_limit_cents) })}
            </dd>
          </div>
        </dl>
      )}
      {line.queued && <p className="field__hint">{say('my48.hh.queued')}</p>}
      {stateOf(line) && <p className="household__state">{stateOf(line)}</p>}
      <div className="actions">
        {ACTIONS.map((action, i) => (
          <button
            key={action}
            type="button"
            className={i === 0 ? 'btn btn--primary' : 'btn btn--outline'}
            onClick={() => openAction(line, action)}
            aria-label={actionName(action, line.name)}
          >
            {say(actionText(action))}
          </button>
        ))}
      </div>
    </li>
  );
}

/** my48 → Household (docs/product/lifelines.md): the owner's lines, invitations, and what the owner does for a line. */
export default function HouseholdScreen() {
  const state = useStore(household.$state);
  const invite = useStore(inviteForm.$state);
  const withdraw = useStore(withdrawForm.$state);
  const notice = useStore($notice);
  const account = useStore($account);
  const ssn = account.sim?.ssn ?? '';
  const known = account.status !== 'loading';
  speakHouseholdForms();
  useEffect(() => {
    if (known) void household.load(ssn);
  }, [known, ssn]);
  useEffect(() => {
    showHouseholdRequests();
    return () => {
      inviteForm.reset();
      $open.set(undefined);
      $notice.set(undefined);
    };
  }, []);
  if (state.status === 'error' && !state.data)
    return <LoadFailed error={state.error} retry={state.retryable ? () => void household.retry() : undefined} />;
  const view = state.data;
  if (!view)
    return (
      <p role="status" className="loading-line">
        {say('my48.hh.loading')}
      </p>
    );
  const { household: h, lines } = view;
  if (h.role === 'line' && !h.manager)
    return (
      <div className="card stack">
        <p>{say('my48.hh.inOthers', { owner: h.owner?.name ?? say('my48.hh.anotherMember') })}</p>
        <p>
          <a href="/my48/settings/household">{say('my48.hh.inOthersLink')}</a>
        </p>
      </div>
    );
  const room = h.max_lines - lines.length;
  const managing = h.role === 'line' && h.manager;
  return (
    <div className="stack household">
      {managing ? (
        <p>{say('my48.hh.managing', { owner: h.owner?.name ?? say('my48.hh.theOwner') })}</p>
      ) : (
        <p>{say('my48.hh.intro', { max: h.max_lines })}</p>
      )}
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      <RequestsToAnswer payer={{ credit: view.credit, card: view.card }} requests={h.requests} />
      <section aria-labelledby="lines-title" className="stack">
        <h2 id="lines-title">
          {managing
            ? say('my48.hh.lines.managing', { count: lines.length })
            : say('my48.hh.lines.own', { count: lines.length, max: h.max_lines })}
        </h2>
        {lines.length === 0 ? (
          <p>{say('my48.hh.lines.none')}</p>
        ) : (
          <ul className="household__lines stack">
            {lines.map((l) => (
              <LineCard key={l.ssn} line={l} />
            ))}
          </ul>
        )}
      </section>
      {lines.length > 0 && (
        <Suspense
          fallback={
            <p role="status" className="loading-line">
              {say('my48.hh.usageLoading')}
            </p>
          }
        >
          <LinesUsage />
        </Suspense>
      )}
      <LineDialog view={view} />
      {!managing && (
        <section aria-labelledby="invite-title" className="card stack">
          <h2 id="invite-title">{say('my48.hh.invite.title')}</h2>
          {room > 0 ? (
            <form className="form" noValidate onSubmit={inviteForm.onSubmit} aria-labelledby="invite-title">
              <p>{say('my48.hh.invite.how')}</p>
              <FormAlert>{invite.error}</FormAlert>
              {invite.result && <FormAlert tone="success">{invite.result}</FormAlert>}
              <Field
                label={say('my48.hh.invite.number')}
                name="msisdn"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                hint={say('my48.hh.invite.hint')}
                required
                error={invite.fields['msisdn']}
              />
              <SubmitButton busy={invite.busy} busyLabel={invite.busyLabel ?? ''}>
                {say('my48.hh.invite.send')}
              </SubmitButton>
            </form>
          ) : (
            <p>{say('my48.hh.full')}</p>
          )}
          {h.sent.length > 0 && (
            <>
              <h3>{say('my48.hh.waiting')}</h3>
              <FormAlert>{withdraw.error}</FormAlert>
              <ul className="stack">
                {h.sent.map((i) => (
                  <li key={i.id} className="household__invitation">
                    <span>
                      {say('my48.hh.invitation', {
                        number: i.msisdn ? formatMsisdn(i.msisdn) : '',
                        time: clockTime(i.expires_at),
                      })}
                    </span>
                    <button
                      type="button"
                      className="btn btn--outline"
                      disabled={withdraw.busy}
                      onClick={() => void withdrawForm.submit({ id: String(i.id) })}
                      aria-label={say('my48.hh.withdrawInvitation', {
                        number: i.msisdn ? formatMsisdn(i.msisdn) : say('my48.hh.thisNumber'),
                      })}
                    >
                      {say('my48.hh.withdraw')}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  );
}
