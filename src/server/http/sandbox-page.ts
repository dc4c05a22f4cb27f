import { html } from 'hono/html';

/** A plain page of a local stand-in for an outside service (integrations/<service>/sandbox.ts). */
export const sandboxPage = (title: string, body: unknown) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} | 48</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;

/** A table of a sandbox or status page: its caption, column headings and rows (each a `<tr>` made with `html`). */
export const pageTable = (caption: string, columns: readonly string[], rows: unknown) =>
  html`<table>
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        ${columns.map((c) => html`<th scope="col">${c}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`;
