import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import {
  MarketingPermissionsForm,
  PERMISSIONS_KEYS,
  permissionsWordsOf,
} from '../../components/forms/MarketingPermissionsForm.tsx';
import type { Words } from '../../contract/i18n/fill.ts';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { $nickname, loadNickname } from './sign-up-confirmed-store.ts';

/** The page's words, formatted in its language at build (SignUpConfirmedPage.astro). */
export const CONFIRMED_KEYS = [
  'confirmed.welcome',
  'confirmed.welcomeNamed',
  'my48.perm.save',
  ...PERMISSIONS_KEYS,
] as const;
type ConfirmedWords = Words<(typeof CONFIRMED_KEYS)[number]>;

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
      <MarketingPermissionsForm userId={userId} saveLabel={words['my48.perm.save']} words={permissionsWordsOf(words)} />
    </div>
  );
}
