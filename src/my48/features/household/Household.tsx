import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import type { HouseholdLine } from '../../../contract/household.schema.ts';
import { clockTime, euro, formatMsisdn, gb, shortDate } from '../../../lib/format.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { $account } from '../../stores/account.ts';
import {
  $notice,
  $open,
  household,
  inviteForm,
  openAction,
  showHouseholdRequests,
  withdrawForm,
  type LineAction,
} from './household-store.ts';
import './household.css';
import { RequestsToAnswer } from './Requests.tsx';
import { LineDialog } from './LineDialog.tsx';

/** The lines' data by day, with the chart library: loaded when the household has a line to show. */
const LinesUsage = lazy(() => import('./LinesUsage.tsx'));

const dataOf = (l: HouseholdLine) =>
  l.is_unlimited
    ? 'Unlimited data'
    : l.data_max_kb
      ? `${gb(l.data_left_kb ?? 0)} GB left of ${gb(l.data_max_kb)} GB`
      : 'No data allowance';

/** The line's controls in a sentence (none: nothing set). */
function stateOf(l: HouseholdLine): string {
  const parts = [
    l.state.paused === 'all' ? 'All service paused' : l.state.paused === 'data' ? 'Data paused' : '',
    l.state.capped
      ? `Data stopped: ${l.state.cap_gb} GB cap reached`
      : l.state.cap_gb
        ? `Capped at ${l.state.cap_gb} GB`
        : '',
    l.state.filters_on.length ? `${l.state.filters_on.length} of 3 filters and bars on` : '',
    l.state.under_18 ? 'Under 18' : '',
  ].filter(Boolean);
  return parts.join(' · ');
}

/** What the owner does for a line: the button's text and its name for a screen reader (which line). */
const ACTIONS: [LineAction, string, (name: string) => string][] = [
  ['membership', 'Buy a membership', (n) => `Buy a membership for ${n}`],
  ['credit', 'Add credit', (n) => `Add credit for ${n}`],
  ['limit', 'Spend limit', (n) => `Spend limit for ${n}`],
  ['controls', 'Pause and filters', (n) => `Pause and filters for ${n}`],
  ['remove', 'Remove', (n) => `Remove ${n}'s line`],
];

/** One line's figures (docs/product/lifelines.md): never its transactions, messages or details. */
function LineCard({ line }: { line: HouseholdLine }) {
  const titleId = `line-${line.ssn}`;
  return (
    <li className="card stack household__line" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {`${line.name} · `}
        <span className="household__number">{line.msisdn ? formatMsisdn(line.msisdn) : 'no number'}</span>
      </h3>
      {line.figures_unavailable ? (
        <p className="alert alert--info">This line's figures are not available right now.</p>
      ) : (
        <dl className="household__figures">
          <div>
            <dt>Credit</dt>
            <dd>{euro(line.credit_cents)}</dd>
          </div>
          <div>
            <dt>Membership</dt>
            <dd>{line.membership ?? 'None'}</dd>
          </div>
          <div>
            <dt>Data</dt>
            <dd>{dataOf(line)}</dd>
          </div>
          <div>
            <dt>Days left</dt>
            <dd>{line.days_left}</dd>
          </div>
          {line.ends_at && (
            <div>
              <dt>{line.auto_renew ? 'Renews on' : 'Ends on'}</dt>
              <dd>{shortDate(line.ends_at)}</dd>
            </div>
          )}
          <div>
            <dt>Auto-renew</dt>
            <dd>{line.auto_renew ? 'On' : 'Off'}</dd>
          </div>
          <div>
            <dt>Used this period</dt>
            <dd>{`${gb(line.used.data_kb)} GB · ${line.used.minutes} min · ${line.used.texts} texts`}</dd>
          </div>
          <div>
            <dt>Card spend limit</dt>
            <dd>{line.spend_limit_cents === null ? 'None' : `${euro(line.spend_limit_cents)} a month`}</dd>
          </div>
        </dl>
      )}
      {line.queued && <p className="field__hint">A membership is queued to start when this one ends.</p>}
      {stateOf(line) && <p className="household__state">{stateOf(line)}</p>}
      <div className="actions">
        {ACTIONS.map(([action, label, name], i) => (
          <button
            key={action}
            type="button"
            className={i === 0 ? 'btn btn--primary' : 'btn btn--outline'}
            onClick={() => openAction(line, action)}
            aria-label={name(line.name)}
          >
            {label}
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
        Loading your household…
      </p>
    );
  const { household: h, lines } = view;
  if (h.role === 'line' && !h.manager)
    return (
      <div className="card stack">
        <p>{`Your line is part of ${h.owner?.name ?? 'another member'}'s household, so you cannot add lines of your own.`}</p>
        <p>
          <a href="/my48/settings/household">See it, or leave, in Settings → Household</a>
        </p>
      </div>
    );
  const room = h.max_lines - lines.length;
  const managing = h.role === 'line' && h.manager;
  return (
    <div className="stack household">
      {managing ? (
        <p>
          {`You manage ${h.owner?.name ?? 'the owner'}'s household with them: you see its other lines, buy for them with your own credit or card, pause them and set their filters. Your own line is in Settings → Household.`}
        </p>
      ) : (
        <p>
          Hold up to {h.max_lines} other members' lines: see their credit and data, buy their memberships and credit
          with your credit or card, pause them, filter what they reach, and set a limit on what they spend by card. You
          never see their calls, transactions, messages or details.
        </p>
      )}
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      <RequestsToAnswer payer={{ credit: view.credit, card: view.card }} requests={h.requests} />
      <section aria-labelledby="lines-title" className="stack">
        <h2 id="lines-title">
          {managing
            ? `The household's other lines (${lines.length})`
            : `Your lines (${lines.length} of ${h.max_lines})`}
        </h2>
        {lines.length === 0 ? (
          <p>No lines yet. Invite a member by their number below.</p>
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
              Loading your lines’ data by day…
            </p>
          }
        >
          <LinesUsage />
        </Suspense>
      )}
      <LineDialog view={view} />
      {!managing && (
        <section aria-labelledby="invite-title" className="card stack">
          <h2 id="invite-title">Invite a line</h2>
          {room > 0 ? (
            <form className="form" noValidate onSubmit={inviteForm.onSubmit} aria-labelledby="invite-title">
              <p>
                We e-mail the member of that number a code. They join by entering it in their own my48, within 10
                minutes.
              </p>
              <FormAlert>{invite.error}</FormAlert>
              {invite.result && <FormAlert tone="success">{invite.result}</FormAlert>}
              <Field
                label="Mobile number of the line"
                name="msisdn"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                hint="A 48 number, like 087 123 4567."
                required
                error={invite.fields['msisdn']}
              />
              <SubmitButton busy={invite.busy} busyLabel={invite.busyLabel ?? ''}>
                Send an invitation
              </SubmitButton>
            </form>
          ) : (
            <p>Your household is full. Remove a line to add another.</p>
          )}
          {h.sent.length > 0 && (
            <>
              <h3>Waiting for an answer</h3>
              <FormAlert>{withdraw.error}</FormAlert>
              <ul className="stack">
                {h.sent.map((i) => (
                  <li key={i.id} className="household__invitation">
                    <span>{`${i.msisdn ? formatMsisdn(i.msisdn) : ''} · code valid until ${clockTime(i.expires_at)}`}</span>
                    <button
                      type="button"
                      className="btn btn--outline"
                      disabled={withdraw.busy}
                      onClick={() => void withdrawForm.submit({ id: String(i.id) })}
                      aria-label={`Withdraw the invitation to ${i.msisdn ? formatMsisdn(i.msisdn) : 'this number'}`}
                    >
                      Withdraw
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
