import { MarketingPermissionsForm } from '../../components/forms/MarketingPermissionsForm.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import { localPath } from '../../lib/last-url.ts';

/** Asked once, at an existing member's first log-in (spec section 2); saved, the member goes on home. */
export default function MarketingPermissions() {
  const userId = useMemberPage();
  const next = userId === undefined ? null : new URLSearchParams(location.search).get('next');
  const onward = localPath(next) ?? '/my48';
  return (
    <div className="stack">
      <MarketingPermissionsForm userId={userId} saveLabel="Save and continue" onSaved={() => location.assign(onward)} />
      <p>
        <a href={onward}>Not now, go to my48</a>
      </p>
    </div>
  );
}
