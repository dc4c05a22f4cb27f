import { describe, expect, it } from 'vitest';
import { fill } from './fill.ts';
import { wordsIn } from './words.ts';
import { PROBLEM_RULES, problemWordsIn } from './problems.ts';
import { LoginForm, SignUpForm, fieldProblems } from '../forms.schema.ts';
import { withLabels } from '../../lib/form-values-light.ts';
import { LOCALES } from './locales.ts';

describe('an island’s words', () => {
  it('are formatted at build, with the values known only in the browser left as slots that fill fills', () => {
    const words = wordsIn('pl', ['signup.resent', 'form.passwordHint'], { count: 10 });
    expect(words['form.passwordHint']).toBe('Co najmniej 10 znaków, w tym litera i cyfra.');
    expect(words['signup.resent']).toBe('Wysłaliśmy nowy kod i link na adres {email}.');
    expect(fill(words['signup.resent'], { email: 'ola@example.com' })).toBe(
      'Wysłaliśmy nowy kod i link na adres ola@example.com.',
    );
    expect(wordsIn('ga', ['form.passwordHint'], { count: 10 })['form.passwordHint']).toMatch(/^10 gcarachtar/);
  });

  it('refuse a plural left for the browser: the build fails rather than show half a message', () => {
    expect(() => wordsIn('pl', ['form.passwordHint'])).toThrow(/count/);
  });
});

describe('the forms’ problems in each language', () => {
  const labels = { username: 'E-mail address', password: 'Password', firstname: 'First name' };

  it('read in English exactly as the rules say them, every rule listed', () => {
    const english = problemWordsIn('en');
    // A rule after the field's name ("password must contain a digit"), or one said whole.
    for (const [rule] of PROBLEM_RULES)
      expect(fill(english[rule]!, { label: 'Password' })).toBe(rule.startsWith(' ') ? `Password${rule}` : rule);
    const login = LoginForm.safeParse({ username: 'not-an-address', password: '' });
    const problems = fieldProblems(login.error!);
    expect(withLabels(problems, labels, english)).toEqual(withLabels(problems, labels));
    expect(withLabels(problems, labels, english)).toEqual({
      username: 'E-mail address must be an e-mail address',
      password: 'Password is required',
    });
  });

  it('speak Polish and Irish with the label in its place, and cover every rule of the sign-up form', () => {
    const signUp = SignUpForm.omit({ captcha: true }).safeParse({
      email: '',
      password: 'short',
      firstname: 'R2-D2!',
      lastname: 'x'.repeat(61),
    });
    const problems = fieldProblems(signUp.error!);
    const pl = withLabels(
      problems,
      { email: 'Adres e-mail', password: 'Hasło', firstname: 'Imię', lastname: 'Nazwisko' },
      problemWordsIn('pl'),
    );
    expect(pl).toEqual({
      email: 'Pole „Adres e-mail” jest wymagane',
      password: 'Pole „Hasło” musi mieć co najmniej 10 znaków',
      firstname: 'Pole „Imię” może zawierać tylko litery, spacje, apostrofy, kropki i łączniki',
      lastname: 'Pole „Nazwisko” może mieć najwyżej 60 znaków',
    });
    for (const locale of LOCALES) {
      const words = problemWordsIn(locale);
      for (const [rule] of PROBLEM_RULES)
        if (rule.startsWith(' ')) expect(words[rule], `${locale}: "${rule}"`).toContain('{label}');
    }
    // A rule said whole is found by its whole words.
    expect(
      withLabels({ ssn: 'The SIM number has 19 or 20 digits and starts with 89.' }, {}, problemWordsIn('pl')),
    ).toEqual({
      ssn: 'Numer karty SIM ma 19 lub 20 cyfr i zaczyna się od 89.',
    });
    expect(problemWordsIn('ga')[' must be at least 10 characters']).toBe(
      'Ní mór 10 gcarachtar ar a laghad a bheith sa réimse “{label}”',
    );
  });
});
