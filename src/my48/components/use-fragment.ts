import { useEffect } from 'react';

/**
 * Brings the section the address's #fragment names into view and gives it the focus, once the
 * screen has what it shows (a link to /my48/flexi-data#the-safe lands on The Safe, also after the
 * screen's data arrive). The section needs tabIndex={-1}.
 */
export function useFragmentFocus(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [ready]);
}
