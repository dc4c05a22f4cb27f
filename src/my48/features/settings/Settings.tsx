import { Suspense, useEffect } from 'react';
import type { ScreenProps } from '../../screen-props.ts';
import { settingsScreens } from '../../settings-screens.ts';
import { fragmentTitles, SETTINGS_FRAGMENTS } from './fragments.ts';
import { rememberFragment, settingsFragment } from './settings-store.ts';
import { say } from '../../speech.ts';
import './settings.css';

/**
 * Settings: one fragment at a time, chosen from the list; the choice is remembered for the tab.
 * Each fragment's screen is loaded when it is first shown (the registry in settings-screens.ts).
 */
export default function Settings({ page }: ScreenProps) {
  const fragment = settingsFragment(page.route === 'settingsFragment' ? page.params['fragment'] : undefined);
  useEffect(() => rememberFragment(fragment), [fragment]);
  const Screen = settingsScreens[fragment];
  return (
    <div className="settings">
      <nav aria-label={say('my48.settings.nav')} className="subnav">
        <ul>
          {SETTINGS_FRAGMENTS.map((f) => (
            <li key={f}>
              <a href={`/my48/settings/${f}`} aria-current={f === fragment ? 'page' : undefined}>
                {say(fragmentTitles[f])}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="fragment-title" className="settings__panel">
        <h2 id="fragment-title">{say(fragmentTitles[fragment])}</h2>
        <Suspense fallback={<p role="status">{say('my48.settings.loading')}</p>}>
          <Screen />
        </Suspense>
      </section>
    </div>
  );
}
