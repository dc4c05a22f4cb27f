import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { MarketingPermissionsForm, type PermissionsWords } from '../../components/forms/MarketingPermissionsForm.tsx';
import type { Words } from '../../contract/i18n/fill.ts';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { $nickname, loadNickname } from './sign-up-confirmed-store.ts';

/** The page's words, formatted in its language at build (SignUpConfirmedPage.astro). */
export const CONFIRMED_KEYS = [
  'confirmed.welcome',
  'confirmed.welcomeNamed',
  'my48.perm.title',
  'my48.perm.intro',
  'my48.perm.saved',
  'my48.perm.legend',
  'my48.perm.email',
  'my48.perm.sms',
  'my48.perm.phone',
  'my48.perm.post',
  'my48.perm.social',
  'my48.perm.network',
  'my48.perm.save',
  'my48.perm.loading',
  'my48.perm.loadFailed',
  'my48.form.saving',
] as const;
type ConfirmedWords = Words<(typeof CONFIRMED_KEYS)[number]>;

/** The permissions form's words from the page's (the same as my48's Settings → Permissions). */
const permissionsWords = (w: ConfirmedWords): PermissionsWords => ({
  title: w['my48.perm.title'],
  intro: w['my48.perm.intro'],
  saved: w['my48.perm.saved'],
  legend: w['my48.perm.legend'],
  channels: {
    email: w['my48.perm.email'],
    sms: w['my48.perm.sms'],
    phone: w['my48.perm.phone'],
    post: w['my48.perm.post'],
    social: w['my48.perm.social'],
  },
  network: w['my48.perm.network'],
  loading: w['my48.perm.loading'],
  loadFailed: w['my48.perm.loadFailed'],
  busy: w['my48.form.saving'],
});

/**
 * After verification (spec section 4: for a sign-up, the member details are loaded and the
 * marketing component is shown): the welcome with the member's nickname, the next step of the
 * member's journey (`children`: the page's own HTML, chosen before first paint), then the
 * marketing permissions, all in the page's language.
 */
export default function SignUpConfirmed({ children, words }: { children?: ReactNode; words: ConfirmedWords }) {
  const userId = useMemberPage();
  const nickname = useStore($nickname);
  useEffect(() => {
    if (userId) void loadNickname(userId);
  }, [userId]);
  return (
    <div className="stack">
      <section className="card" aria-labelledby="next-title">
        <h2 id="next-title">
          {nickname ? words['confirmed.welcomeNamed'].replace('{name}', nickname) : words['confirmed.welcome']}
        </h2>
        {children}
      </section>
      <MarketingPermissionsForm userId={userId} saveLabel={words['my48.perm.save']} words={permissionsWords(words)} />
    </div>
  );
}
