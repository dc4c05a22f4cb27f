import { html, raw } from 'hono/html';

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { description?: string }>;
}

/** A readable, self-contained reference page of the OpenAPI document (no outside scripts). */
export function referencePage(doc: { paths?: Record<string, Record<string, Operation> | undefined> }) {
  const rows = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops ?? {}).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>48 panda API reference</title>
      </head>
      <body>
        <main>
          <h1>48 panda API reference</h1>
          <p>Machine-readable: <a href="/panda/openapi.json">/panda/openapi.json</a> (OpenAPI 3.1).</p>
          ${rows.map(
            ({ path, method, op }) =>
              html`<section>
                <h2><code>${method} ${path}</code></h2>
                <p>${op.summary ?? ''}</p>
                ${
                  (op.parameters ?? []).length
                    ? html`<p>
                        Parameters:
                        ${raw((op.parameters ?? []).map((p) => `<code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? ', required' : ''})`).join(', '))}
                      </p>`
                    : ''
                }
                ${op.requestBody ? html`<p>Body: ${Object.keys(op.requestBody.content ?? {}).join(', ')}</p>` : ''}
                <ul>
                  ${Object.entries(op.responses ?? {}).map(([status, r]) => html`<li><strong>${status}</strong>: ${r.description ?? ''}</li>`)}
                </ul>
              </section>`,
          )}
        </main>
      </body>
    </html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
