import { html } from 'hono/html';

/** A plain page of a local stand-in for an outside service (integrations/<service>/sandbox.ts). */
export const sandboxPage = (title: string, body: unknown) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} | 48</title>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
