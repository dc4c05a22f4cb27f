import { Hono } from 'hono';
import { html } from 'hono/html';
import { sandboxPage } from '../../../../http/sandbox-page.ts';
import { requestFailures } from '../../../../../contract/common-failures.ts';
import { fail } from '../../../../http/answers.ts';
import type { SandboxEnv } from '../../../../integrations/integration.ts';
import { SANDBOX_MODES, type SandboxGeolocation, type SandboxMode } from './index.ts';

/**
 * /sandbox/geolocation: what "Use my location" answers while no geolocation service is
 * configured: one of a few places, or either of the service's failures, chosen here.
 */
export function geolocationSandboxRoutes(sandbox: SandboxGeolocation) {
  const app = new Hono<SandboxEnv>();
  app.get('/sandbox/geolocation.json', (c) =>
    c.json({ _payload: { mode: sandbox.mode, modes: SANDBOX_MODES, calls: sandbox.calls } }),
  );
  app.post('/sandbox/geolocation', async (c) => {
    const body = await c.req.parseBody();
    const mode = String(body['mode'] ?? '') as SandboxMode;
    if (!SANDBOX_MODES.includes(mode))
      return fail(c, { ...requestFailures.invalid, message: `mode must be one of ${SANDBOX_MODES.join(', ')}` });
    sandbox.mode = mode;
    return (c.req.header('accept') ?? '').includes('application/json')
      ? c.json({ _payload: { mode } })
      : c.redirect('/sandbox/geolocation', 303);
  });
  app.get('/sandbox/geolocation', (c) =>
    // The shared sandbox page: no inline style (the Content-Security-Policy would refuse it).
    c.html(
      sandboxPage(
        'Geolocation sandbox',
        html`<h1>Geolocation sandbox</h1>
          <p>
            This is a sandbox: no geolocation service is configured (GEOIP_URL), so "Use my location" on the coverage
            checker answers what is chosen here.
          </p>
          <form method="post" action="/sandbox/geolocation">
            <fieldset>
              <legend>Answer lookups with</legend>
              ${SANDBOX_MODES.map(
                (m) =>
                  html`<label
                    ><input type="radio" name="mode" value="${m}" ${m === sandbox.mode ? 'checked' : ''} /> ${m}</label
                  >`,
              )}
            </fieldset>
            <button type="submit">Save</button>
          </form>
          <h2>Last lookups</h2>
          ${
            sandbox.calls.length
              ? html`<ul>
                  ${[...sandbox.calls]
                    .reverse()
                    .map((call) => html`<li>${call.at}: ${call.ip} (referrer ${call.referrer}) → ${call.mode}</li>`)}
                </ul>`
              : html`<p>None yet.</p>`
          }`,
      ),
    ),
  );
  return app;
}
