import { afterEach, describe, expect, it } from 'vitest';
import { ALERT_CAUSES, ALERT_LABELS, RENEWAL_REMINDER_DAYS } from '../../../contract/alerts.ts';
import { message } from '../../../contract/i18n/messages.ts';
import { myDataMessages } from '../../../contract/my-data.schema.ts';
import { LOCKED_CHANGE_HOURS } from '../../../contract/number-lock.ts';
import { numberLockMessages } from '../../../contract/number-lock.schema.ts';
import { passkeyMessages } from '../../../contract/passkeys.ts';
import { pushSentMessage, TEST_PUSH } from '../../../contract/push.schema.ts';
import { securityMessages } from '../../../contract/security.schema.ts';
import { say, sayCount, speak } from '../../speech.ts';
import { my48SpeechIn } from '../../speech-build.ts';
import { alertHint } from './controls-store.ts';

/**
 * Security, alerts and my data speak the catalogue; in English its words are the contract's, letter
 * for letter (the API's tests and the journeys read the contract's), and Irish and Polish count right.
 */
describe('security, alerts and my data in words', () => {
  afterEach(() => speak(my48SpeechIn('en')));

  it('English is the contract’s own, on the screen and in the server’s answers', () => {
    expect(say('my48.sec.lost.blocked')).toBe(securityMessages.blocked);
    expect(say('my48.sec.lost.unblocked')).toBe(securityMessages.unblocked);
    expect(say('my48.sec.email.asked', { email: 'a@b.ie' })).toBe(securityMessages.emailChangeAsked('a@b.ie'));
    expect(sayCount('my48.sec.lock.on', LOCKED_CHANGE_HOURS)).toBe(numberLockMessages.on);
    expect(say('my48.sec.lock.off')).toBe(numberLockMessages.off);
    expect(say('my48.sec.lock.kept')).toBe(numberLockMessages.kept);
    expect(sayCount('my48.sec.lock.goingOff', LOCKED_CHANGE_HOURS, { when: 'Monday' })).toBe(
      numberLockMessages.goingOff('Monday'),
    );
    expect(say('my48.sec.pk.addedDone')).toBe(passkeyMessages.added);
    expect(say('my48.sec.pk.removedDone')).toBe(passkeyMessages.removed);
    expect(say('my48.sec.pk.cancelled')).toBe(passkeyMessages.cancelled);
    for (const c of ALERT_CAUSES) {
      expect(say(`my48.alr.cause.${c}`)).toBe(ALERT_LABELS[c].name);
      expect(alertHint(c)).toBe(ALERT_LABELS[c].hint);
    }
    expect(message('en', 'numberLock.asked', { email: 'a@b.ie', hours: LOCKED_CHANGE_HOURS })).toBe(
      numberLockMessages.asked('a@b.ie'),
    );
    expect(message('en', 'numberLock.cancelled')).toBe(numberLockMessages.cancelled);
    expect(message('en', 'security.emailChanged', { email: 'a@b.ie' })).toBe(securityMessages.emailChanged('a@b.ie'));
    expect(message('en', 'myData.deleted')).toBe(myDataMessages.deleted);
    expect([message('en', 'push.test.title'), message('en', 'push.test.body')]).toEqual([
      TEST_PUSH.title,
      TEST_PUSH.body,
    ]);
    for (const n of [0, 1, 2, 5]) expect(message('en', 'push.test.sent', { count: n })).toBe(pushSentMessage(n));
  });

  it('Polish and Irish say the hours and the devices in their plural forms', () => {
    speak(my48SpeechIn('pl'));
    expect(sayCount('my48.sec.lock.on', 24)).toMatch(/czeka 24 godziny\.$/);
    expect(sayCount('my48.sec.lock.on', 5)).toMatch(/czeka 5 godzin\.$/);
    expect(sayCount('my48.alr.cause.renewal.hint', RENEWAL_REMINDER_DAYS)).toBe(
      '3 dni przed odnowieniem lub końcem pakietu.',
    );
    expect(alertHint('lowCredit')).toBe('Gdy użycie opłacone z salda zostawi 2\u00a0€ lub mniej.');
    expect(message('pl', 'push.test.sent', { count: 0 })).toBe(
      'Żadne z Twoich urządzeń nie ma teraz włączonych powiadomień.',
    );
    expect([1, 2, 5, 22].map((n) => message('pl', 'push.test.sent', { count: n }).split(' na ')[1])).toEqual([
      '1 urządzenie.',
      '2 urządzenia.',
      '5 urządzeń.',
      '22 urządzenia.',
    ]);
    speak(my48SpeechIn('ga'));
    expect(sayCount('my48.sec.lock.on', 24)).toMatch(/fanann sé 24 uair an chloig\.$/);
    expect(sayCount('my48.sec.lock.on', 3)).toMatch(/fanann sé 3 huaire an chloig\.$/);
    expect([1, 3, 7, 20].map((n) => message('ga', 'push.test.sent', { count: n }).split(' chuig ')[1])).toEqual([
      '1 ghléas.',
      '3 ghléas.',
      '7 ngléas.',
      '20 gléas.',
    ]);
  });
});
