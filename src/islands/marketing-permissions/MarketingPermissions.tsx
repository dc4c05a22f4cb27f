import {
  MarketingPermissionsForm,
  PERMISSIONS_KEYS,
  permissionsWordsOf,
} from '../../components/forms/MarketingPermissionsForm.tsx';
import { useMemberPage } from '../../components/member/use-member-page.ts';
import type { Words } from '../../contract/i18n/fill.ts';
import { localPath } from '../../lib/last-url.ts';

/** The page's words, formatted in its language at build (MarketingPermissionsPage.astro). */
export const FIRST_LOGIN_KEYS = ['permissionsPage.save', 'permissionsPage.notNow', ...PERMISSIONS_KEYS] as const;

/**
 * Asked once, at an existing member's first log-in (spec section 2); saved, the member goes on
 * home: my48 in the page's language (`home`) unless the address names where.
 */
export default function MarketingPermissions({
  words,
  home,
}: {
  words: Words<(typeof FIRST_LOGIN_KEYS)[number]>;
  home: string;
}) {
  const userId = useMemberPage();
  const next = userId === undefined ? null : new URLSearchParams(location.search).get('next');
  const onward = localPath(next) ?? home;
  return (
    <div className="stack">
      <MarketingPermissionsForm
        userId={userId}
        saveLabel={words['permissionsPage.save']}
        words={permissionsWordsOf(words)}
        onSaved={() => location.assign(onward)}
      />
      <p>
        <a href={onward}>{words['permissionsPage.notNow']}</a>
      </p>
    </div>
  );
}
