import { Hono } from 'hono';
import { html } from 'hono/html';
import { verify } from 'hono/jwt';
import type { SandboxEnv } from '../integration.ts';
import { sandboxPage } from '../../http/sandbox-page.ts';

/**
 * The help desk's JWT single sign-on endpoint, standing in while no HELPDESK_URL is configured:
 * it checks the token the way the help desk would and says whom it would sign in.
 */
export function helpdeskSandboxRoutes() {
  const app = new Hono<SandboxEnv>();
  app.get('/sandbox/helpdesk/access/jwt', async (c) => {
    const token = c.req.query('jwt') ?? '';
    try {
      const claims = await verify(token, c.var.config.helpdeskSecret, 'HS512');
      if (claims['organization'] !== '48' || typeof claims['email'] !== 'string' || typeof claims['jti'] !== 'string')
        throw new Error('claims');
      return c.html(
        sandboxPage(
          'Help desk sandbox',
          html`<h1>Help desk sandbox</h1>
            <p>
              <strong>This is not the real help desk.</strong> No help desk is configured, so this page checks the
              single sign-on token instead.
            </p>
            <p>
              The token is valid: the help desk would sign in
              <strong>${String(claims['name'])}</strong> (${claims['email']}) of organisation 48.
            </p>
            <p><a href="/my48">Back to my48</a></p>`,
        ),
      );
    } catch {
      return c.html(
        sandboxPage(
          'Help desk sandbox',
          html`<h1>Help desk sandbox</h1>
            <p><strong>This is not the real help desk.</strong></p>
            <p>The single sign-on token is not valid or has expired.</p>
            <p><a href="/log-in">Log in</a></p>`,
        ),
        401,
      );
    }
  });
  return app;
}
