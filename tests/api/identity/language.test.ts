import { expect, it } from 'vitest';
import { requestFailures, sessionFailures } from '../../../src/contract/common-failures.ts';
import { catalogues } from '../../../src/contract/i18n/messages.ts';
import { messages } from '../../../src/contract/messages.ts';
import { passwordRecoveryApi } from '../../../src/contract/password-recovery.schema.ts';
import { settingsApi, settingsFailures } from '../../../src/contract/settings.schema.ts';
import { staffApi } from '../../../src/contract/staff.schema.ts';
import { stepUpApi } from '../../../src/contract/step-up.schema.ts';
import { BUILT_PASSWORD, createMember } from '../support/builders.ts';
import { transactionsApi } from '../../../src/contract/transactions.schema.ts';
import { eq } from 'drizzle-orm';
import * as schema from '../../../src/server/db/schema.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, signUp, solveCaptcha } from '../support/harness.ts';

// The member's language (docs/product/languages.md): kept on the account, and the API's messages in it.
forEachDatabase('the member’s language', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  /** The sandbox's mail to one address, the newest first. */
  const mailsTo = async (to: string): Promise<{ subject: string; body: string }[]> => {
    const { _payload } = await (await ctx().app.request('/sandbox/mail.json')).json();
    return _payload.values.filter((m: { to: string }) => m.to === to);
  };

  it('is English until the member chooses; then the failures speak Polish, with the same codes', async () => {
    const m = await createMember(ctx());
    const details = async () =>
      (await ok(ctx().app, settingsApi.details, { session: m.session, params: { user_id: m.userId } }))._payload;
    expect((await details()).language).toBe('en');
    const wrongPassword = () =>
      refused(
        ctx().app,
        settingsApi.changePassword,
        {
          session: m.session,
          params: { user_id: m.userId },
          body: { current_password: 'Not-the-password-1', new_password: 'Another-pass-48' },
        },
        { status: 400, code: settingsFailures.wrongCurrentPassword.code },
      );
    // English: the contract's own words, exactly.
    expect((await wrongPassword()).message).toBe(messages.wrongCurrentPassword);

    const saved = await ok(ctx().app, settingsApi.saveLanguage, {
      session: m.session,
      params: { user_id: m.userId },
      body: { language: 'pl' },
    });
    expect(saved._payload.language).toBe('pl');
    expect((await details()).language).toBe('pl');
    expect((await wrongPassword()).message).toBe('Obecne hasło jest nieprawidłowe.');
    // Another member's account: refused in Polish, the code unchanged.
    const other = await createMember(ctx());
    const foreign = await refused(
      ctx().app,
      settingsApi.details,
      { session: m.session, params: { user_id: other.userId } },
      { status: 403, code: sessionFailures.notYourAccount.code },
    );
    expect(foreign.message).toBe(catalogues.pl['error.session.notYourAccount']);
    expect(foreign.message).not.toBe(messages.forbiddenMember);

    await ok(ctx().app, settingsApi.saveLanguage, {
      session: m.session,
      params: { user_id: m.userId },
      body: { language: 'ga' },
    });
    expect((await wrongPassword()).message).toBe('Níl do phasfhocal reatha ceart.');
  });

  it('refuses a language the portal does not speak, and leaves the member’s as it was', async () => {
    const m = await createMember(ctx());
    const res = await send(ctx().app, settingsApi.saveLanguage, {
      session: m.session,
      params: { user_id: m.userId },
      body: { language: 'de' as 'pl' },
    });
    expect(res.status).toBe(400);
    const { _payload } = await ok(ctx().app, settingsApi.details, {
      session: m.session,
      params: { user_id: m.userId },
    });
    expect(_payload.language).toBe('en');
  });

  it('mails the reset link in the member’s language: English word for word, then Polish, the link to the Polish page', async () => {
    const m = await createMember(ctx(), { firstname: 'Zofia' });
    const reset = async () => {
      const before = (await mailsTo(m.email)).length;
      await ok(ctx().app, passwordRecoveryApi.requestReset, { body: { email: m.email } });
      const mails = await mailsTo(m.email);
      expect(mails).toHaveLength(before + 1);
      // The sandbox lists the newest first.
      return mails[0]!;
    };
    const english = await reset();
    expect(english.subject).toBe('Set a new password for 48');
    expect(english.body).toMatch(
      /^Hi Zofia,\n\nOpen this link to set a new password: https:\/\/www\.48\.ie\/forgot-password\?token=\S+\n\nIt works once, for one hour\. If you did not ask for it, ignore this e-mail\.\n\n48$/,
    );
    await ok(ctx().app, settingsApi.saveLanguage, {
      session: m.session,
      params: { user_id: m.userId },
      body: { language: 'pl' },
    });
    const polish = await reset();
    expect(polish.subject).toBe('Ustaw nowe hasło do 48');
    expect(polish.body).toMatch(
      /^Cześć Zofia,\n\nOtwórz ten link, aby ustawić nowe hasło: https:\/\/www\.48\.ie\/pl\/forgot-password\?token=\S+\n/,
    );
  });

  it('a member joins in the sign-up page’s language: the verification mail and its link in it; else the lang cookie’s', async () => {
    const joined = await signUp(ctx(), 'ola.polish@example.com', { firstname: 'Ola', language: 'pl' });
    expect(joined.status).toBe(201);
    const [polish] = await mailsTo('ola.polish@example.com');
    expect(polish!.subject).toBe('Potwierdź swój adres e-mail w 48');
    expect(polish!.body).toMatch(
      /^Cześć Ola,\n\nTwój kod weryfikacyjny to \d{6}\.\nMożesz też otworzyć ten link: https:\/\/www\.48\.ie\/pl\/sign-up\?verify=[A-Za-z0-9_-]{43}\n\nKod i link działają raz, przez 24 godziny\.\n\n48$/,
    );
    const account = (await joined.json())._payload.account;
    const [row] = await ctx()
      .handle.db.select({ language: schema.members.language })
      .from(schema.members)
      .where(eq(schema.members.id, account.user_id));
    expect(row!.language).toBe('pl');

    // No language in the form: the visitor's chosen one (the lang cookie), the link to the Irish page.
    const viaCookie = await ctx().app.request('http://portal.test/panda/public/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'lang=ga' },
      body: JSON.stringify({
        email: 'aoife.irish@example.com',
        password: 'New-member-2026',
        firstname: 'Aoife',
        lastname: 'Nic Gearailt',
        captcha: await solveCaptcha(ctx().app),
      }),
    });
    expect(viaCookie.status).toBe(201);
    const [irish] = await mailsTo('aoife.irish@example.com');
    expect(irish!.subject).toBe('Deimhnigh do sheoladh ríomhphoist do 48');
    expect(irish!.body).toContain('https://www.48.ie/ga/sign-up?verify=');
    // A language the portal does not speak is refused, and nobody joins.
    const refusedJoin = await signUp(ctx(), 'hans.german@example.com', { language: 'de' });
    expect(refusedJoin.status).toBe(400);
    expect(await mailsTo('hans.german@example.com')).toEqual([]);
  });

  it('mails the security code in the member’s language: English word for word, then Polish with its plural', async () => {
    const m = await createMember(ctx(), { firstname: 'Zofia' });
    const code = async () => {
      await ok(ctx().app, stepUpApi.requestCode, {
        session: m.session,
        params: { user_id: m.userId },
        body: { purpose: 'passkey' },
      });
      return (await mailsTo(m.email))[0]!;
    };
    const english = await code();
    expect(english.subject).toBe('Your 48 security code');
    expect(english.body).toMatch(
      /^Hi Zofia,\n\nYour security code is \d{6}\. Enter it in my48 to add or remove a passkey\. It works once, for 10 minutes\.\n\nIf you didn't ask for it, don't share it with anyone and change your password: someone may know it\.\n\n48$/,
    );
    await ok(ctx().app, settingsApi.saveLanguage, {
      session: m.session,
      params: { user_id: m.userId },
      body: { language: 'pl' },
    });
    const polish = await code();
    expect(polish.subject).toBe('Twój kod bezpieczeństwa 48');
    expect(polish.body).toMatch(
      /^Cześć Zofia,\n\nTwój kod bezpieczeństwa to \d{6}\. Wpisz go w my48, aby dodać lub usunąć klucz dostępu\. Działa raz, przez 10 minut\./,
    );
  });

  it('a visitor’s chosen language (the lang cookie) speaks for a call with no session', async () => {
    const m = await createMember(ctx());
    const call = (cookie?: string) =>
      refused(
        ctx().app,
        settingsApi.details,
        { params: { user_id: m.userId }, ...(cookie ? { headers: { cookie } } : {}) },
        { status: 401, code: sessionFailures.loginRequired.code },
      );
    expect((await call()).message).toBe(messages.authRequired);
    expect((await call('lang=pl')).message).toBe('Zaloguj się, aby kontynuować.');
    expect((await call('lang=ga')).message).toBe('Logáil isteach le leanúint ar aghaidh, le do thoil.');
    // A value it does not know is English.
    expect((await call('lang=de')).message).toBe(messages.authRequired);
    // A request from another site, refused in the visitor's language; the staff console's in English.
    const foreign = { origin: 'https://elsewhere.example', cookie: 'lang=pl' };
    const member = await refused(
      ctx().app,
      settingsApi.details,
      { params: { user_id: m.userId }, headers: foreign },
      { status: 403, code: requestFailures.otherOrigin.code },
    );
    expect(member.message).toBe('Żądania z innych stron nie są przyjmowane.');
    const staff = await refused(
      ctx().app,
      staffApi.me,
      { headers: foreign },
      { status: 403, code: requestFailures.otherOrigin.code },
    );
    expect(staff.message).toBe(messages.forbiddenOrigin);
  });
  it('is kept as the device’s choice: the log-in answer sets the lang cookie to it, and so does saving it', async () => {
    const m = await createMember(ctx(), { language: 'pl' });
    const logIn = await ctx().app.request('/panda/protected/users/current', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: m.email, password: BUILT_PASSWORD }),
    });
    expect(logIn.status).toBe(200);
    const langCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('lang='));
    // Readable by the page (its head script opens my48 in it), a year, the whole site.
    expect(langCookie(logIn)).toMatch(/^lang=pl; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    const saved = await send(ctx().app, settingsApi.saveLanguage, {
      session: m.session,
      params: { user_id: m.userId },
      body: { language: 'ga' },
    });
    expect(saved.status).toBe(200);
    expect(langCookie(saved)).toMatch(/^lang=ga;/);
    // A language refused keeps the cookie as it was: none is set.
    const refusedSave = await send(ctx().app, settingsApi.saveLanguage, {
      session: m.session,
      params: { user_id: m.userId },
      body: { language: 'fr' as 'pl' },
    });
    expect(refusedSave.status).toBe(400);
    expect(langCookie(refusedSave)).toBeUndefined();
  });

  it('lists the member’s movements in their language, the names inside as they are; English as the ledger wrote it', async () => {
    const descriptions = async (language: 'en' | 'pl') => {
      const m = await createMember(ctx(), { language, lived: true });
      const { _payload } = await ok(ctx().app, transactionsApi.list, {
        session: m.session,
        params: { user_id: m.userId },
        query: { limit: 100 },
      });
      return _payload.values.map((t) => t.description);
    };
    const english = await descriptions('en');
    const polish = await descriptions('pl');
    expect(english).toContain('Top-up by card');
    expect(english).toContain('Calls and texts');
    expect(polish).toHaveLength(english.length);
    expect(polish).toContain('Doładowanie kartą');
    expect(polish).toContain('Połączenia i SMS-y');
    expect(polish).not.toContain('Top-up by card');
    // A membership's name is a name: the same in both.
    expect(polish.filter((d) => /Membership/.test(d))).toEqual(english.filter((d) => /Membership/.test(d)));
  });
});
