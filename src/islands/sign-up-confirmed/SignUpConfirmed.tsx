import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { MarketingPermissionsForm } from '../../components/forms/MarketingPermissionsForm.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { $nickname, loadNickname } from './sign-up-confirmed-store.ts';

/**
 * After verification (spec section 4: for a sign-up, the member details are loaded and the
 * marketing component is shown): the welcome with the member's nickname, the next step of the
 * member's journey (`children`: the page's own HTML, chosen before first paint), then the
 * marketing permissions.
 */
export default function SignUpConfirmed({ children }: { children?: ReactNode }) {
  const userId = useMemberPage();
  const nickname = useStore($nickname);
  useEffect(() => {
    if (userId) void loadNickname(userId);
  }, [userId]);
  return (
    <div className="stack">
      <section className="card" aria-labelledby="next-title">
        <h2 id="next-title">{nickname ? `Welcome to 48, ${nickname}` : 'Welcome to 48'}</h2>
        {children}
      </section>
      <MarketingPermissionsForm userId={userId} />
    </div>
  );
}
