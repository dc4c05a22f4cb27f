import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { alerts, notifications, outbox } from '../../../src/server/db/schema.ts';
import { runAlerts } from '../../../src/server/modules/money/index.ts';
import { createMember } from '../support/builders.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';
import { specs } from '../support/member-controls.ts';

/*
 * What the portal tells a member, in the member's language (docs/product/languages.md): the alert, its
 * notification and its mail are written in it when they are raised; English stays the contract's.
 */
forEachDatabase('notices in the member’s language', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  /** A member like the alerts' own (80 % of Data Plus used, renewing in two days), in a language; the job run. */
  async function alerted(c: TestContext, language: 'en' | 'ga' | 'pl') {
    const m = await createMember(c, { ...specs.controls, language });
    await runAlerts({ db: c.handle.db, clock: () => c.clock.now });
    const raised = await c.handle.db.select().from(alerts).where(eq(alerts.memberId, m.userId));
    const notes = await c.handle.db.select().from(notifications).where(eq(notifications.memberId, m.userId));
    const mails = await c.handle.db.select().from(outbox).where(eq(outbox.to, m.email));
    const of = (cause: 'data80' | 'renewal') => raised.find((a) => a.cause === cause)!;
    return { data: of('data80'), renewal: of('renewal'), notes, mails };
  }

  it('a Polish member’s alerts, their notifications and mails are Polish: figures, dates and the card as Polish writes them', async () => {
    const { data, renewal, notes, mails } = await alerted(ctx(), 'pl');
    expect(data.title).toBe('Wykorzystano 80 % danych');
    expect(data.body).toMatch(/^Wykorzystano ponad 80 % danych z pakietu Data Plus €9\.99 \(dotąd \d+ %\)\. Jeśli/);
    // The day in Polish ("wtorek, 24 listopada"), never English.
    expect(data.body).toMatch(/przed dniem \p{Ll}+, \d{1,2} \p{Ll}+, dokup dane w my48\.$/u);
    expect(data.body).not.toMatch(/Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|December|January/);
    expect(renewal.title).toBe('Twój pakiet wkrótce się odnowi');
    // Euro amounts as Polish writes them, with a no-break space; the membership's name as it is.
    expect(renewal.body).toMatch(/^Dnia \p{Ll}+, \d{1,2} \p{Ll}+ odnowimy /u);
    expect(renewal.body).toContain(
      'odnowimy Data Plus €9.99 Membership za 9,99\u00a0€: 2,00\u00a0€ ze środków na koncie, a potem 7,99\u00a0€ z karty kończącej się na ····5454.',
    );
    // The notification centre says the same, once each.
    for (const a of [data, renewal])
      expect(notes.filter((n) => n.title === a.title && n.body === a.body)).toHaveLength(1);
    const mail = mails.find((m) => m.subject === '48: Wykorzystano 80 % danych')!;
    expect(mail.body.startsWith('Cześć Clodagh,\n\n' + data.body + '\n\nMożesz wyłączyć')).toBe(true);
  });

  it('an Irish member’s are Irish; an English member’s the contract’s English, as they always were', async () => {
    const irish = await alerted(ctx(), 'ga');
    expect(irish.data.title).toBe('D’úsáid tú 80 % de do shonraí');
    expect(irish.renewal.body).toMatch(/^Ar \p{L}[^:]* athnuafaimid Data Plus €9\.99 Membership ar €9\.99: /u);
    expect(irish.renewal.body).toContain('€2.00 as do chreidmheas, ansin €7.99 ón gcárta dar críoch ····5454.');
    expect(irish.mails.some((m) => m.body.startsWith('Dia duit Clodagh,'))).toBe(true);

    const english = await alerted(ctx(), 'en');
    expect(english.data.title).toBe('You have used 80 % of your data');
    expect(english.renewal.body).toMatch(
      /^On \p{L}+, \d{1,2} \p{L}+ we renew Data Plus €9\.99 Membership for €9\.99: €2\.00 from your credit, then €7\.99 from the card ending ····5454\.$/u,
    );
    const mail = english.mails.find((m) => m.subject === '48: You have used 80 % of your data')!;
    expect(mail.body).toBe(
      `Hi Clodagh,\n\n${english.data.body}\n\nYou can switch this alert off in my48: Settings → Alerts.\n\n48`,
    );
  });

  it('a member made in Polish has the welcome and the tip in Polish; in English, in English', async () => {
    const titles = async (language: 'en' | 'pl') => {
      const m = await createMember(ctx(), { language, lived: true });
      const rows = await ctx()
        .handle.db.select()
        .from(notifications)
        .where(and(eq(notifications.memberId, m.userId)));
      return rows.map((n) => n.title).sort();
    };
    expect(await titles('pl')).toEqual(['Witamy w 48', 'Wskazówka dotycząca danych']);
    expect(await titles('en')).toEqual(['Welcome to 48', 'Your data tip']);
  });
});
