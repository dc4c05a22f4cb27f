import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { ActionButton } from '../../../components/forms/ActionButton.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { TableHead } from '../../../components/TableHead.tsx';
import { irishFormat } from '../../../contract/irish-time.ts';
import { localHref } from '../../../contract/i18n/routes.ts';
import { formatTag } from '../../../lib/format.ts';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { formSpeech, locale, say } from '../../speech.ts';
import { $download, deleteForm, downloadMyData, staffAccess } from './controls-store.ts';

/** Settings → my data: the download, and deleting the account. */
export function MyData() {
  const download = useStore($download);
  const form = useStore(deleteForm.$state);
  deleteForm.speak(
    formSpeech(
      { password: 'my48.stepUp.password', confirm: 'my48.mydata.typeDelete', step_up_code: 'my48.stepUp.field' },
      {},
      'my48.mydata.deleting',
    ),
  );
  useEffect(() => deleteForm.reset, []);
  if (form.result) {
    return (
      <div className="card stack">
        <FormAlert tone="success">{form.result}</FormAlert>
        <p>
          <a className="btn btn--primary" href={localHref(locale(), '/')}>
            {say('my48.mydata.home')}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="download-title">
        <h3 id="download-title">{say('my48.mydata.downloadTitle')}</h3>
        <p>{say('my48.mydata.downloadText')}</p>
        <FormAlert>{download.error}</FormAlert>
        <div className="actions">
          <ActionButton
            tone="primary"
            busy={download.busy}
            busyLabel={say('my48.mydata.preparing')}
            onClick={() => void downloadMyData()}
          >
            {say('my48.mydata.download')}
          </ActionButton>
        </div>
      </section>
      <WhoOpened />
      <form className="form card" noValidate onSubmit={deleteForm.onSubmit} aria-labelledby="delete-title">
        <h3 id="delete-title" className="form__title">
          {say('my48.mydata.deleteTitle')}
        </h3>
        <p>{say('my48.mydata.deleteText')}</p>
        <FormAlert>{form.error}</FormAlert>
        <PasswordField kind="current" label={say('my48.stepUp.password')} fields={form.fields} />
        <Field
          label={say('my48.mydata.typeDelete')}
          name="confirm"
          autoComplete="off"
          hint={say('my48.mydata.typeDeleteHint')}
          required
          error={form.fields['confirm']}
        />
        <StepUpCode purpose="delete" error={form.fields['step_up_code']} />
        <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
          {say('my48.mydata.delete')}
        </SubmitButton>
      </form>
    </div>
  );
}

const openedAt = () => irishFormat({ dateStyle: 'medium', timeStyle: 'short' }, formatTag());

/** "Who at 48 opened your account" (docs/product/staff.md): the date, a first name and role, the reason as written, what was done. */
function WhoOpened() {
  const state = useStore(staffAccess.$state);
  useEffect(() => void staffAccess.load(), []);
  const [when, who, why, what] = [
    say('my48.mydata.when'),
    say('my48.mydata.who'),
    say('my48.mydata.why'),
    say('my48.mydata.what'),
  ];
  return (
    <section className="card stack" aria-labelledby="who-opened-title">
      <h3 id="who-opened-title">{say('my48.mydata.whoTitle')}</h3>
      <p>{say('my48.mydata.whoText')}</p>
      {state.status === 'error' ? (
        <LoadFailed error={state.error} retry={state.retryable ? () => void staffAccess.retry() : undefined} />
      ) : state.data === undefined ? (
        <p role="status">{say('my48.mydata.whoLoading')}</p>
      ) : state.data.length === 0 ? (
        <p>{say('my48.mydata.whoNone')}</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="who-opened-caption">
          <table className="cards">
            <caption id="who-opened-caption">{say('my48.mydata.whoCaption')}</caption>
            <TableHead columns={[when, who, why, what]} />
            <tbody>
              {state.data.map((e) => (
                <tr key={`${e.at}-${e.did}`}>
                  <td data-label={when}>{openedAt().format(new Date(e.at))}</td>
                  <td data-label={who}>
                    {e.first_name}, {e.role}
                  </td>
                  <td data-label={why}>{e.reason}</td>
                  <td data-label={what}>{e.did}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
