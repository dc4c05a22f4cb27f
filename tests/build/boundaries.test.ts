import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lint rules that keep one home per domain (eslint.config.js, decision 051) really fail on a
 * violation: each case is a file that would sit at `at` and imports what it must not.
 */
const eslint = new ESLint();

async function problems(at: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: at });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.ruleId!);
}

describe('import boundaries', () => {
  const refused: [string, string, string][] = [
    [
      "a module imports past another module's face",
      'src/server/modules/identity/x.ts',
      "import { changeCredit } from '../money/balance/credit.ts';\nexport const x = changeCredit;",
    ],
    [
      "a feature of a module imports past another module's face",
      'src/server/modules/lines/sim-settings/x.ts',
      "import { useStepUpCode } from '../../identity/step-up.ts';\nexport const x = useStepUpCode;",
    ],
    [
      'a route file is imported by anything but its face',
      'src/server/modules/care/x.ts',
      "import { helpdeskRoutes } from './helpdesk/helpdesk.routes.ts';\nexport const x = helpdeskRoutes;",
    ],
    [
      'shared server code imports past a face',
      'src/server/jobs/x.ts',
      "import { runRenewals } from '../modules/money/memberships/renewals.job.ts';\nexport const x = runRenewals;",
    ],
    [
      "a module's rule reads another module's tables file (it reads db/schema.ts)",
      'src/server/modules/roaming/x.ts',
      "import { sims } from '../lines/sims.tables.ts';\nexport const x = sims;",
    ],
    [
      "the database, but for schema.ts, imports a module's tables",
      'src/server/db/x.ts',
      "import { sims } from '../modules/lines/sims.tables.ts';\nexport const x = sims;",
    ],
    [
      'the kernel imports a module, even its face',
      'src/server/kernel/x.ts',
      "import { changeCredit } from '../modules/money/index.ts';\nexport const x = changeCredit;",
    ],
    [
      'the database imports a module',
      'src/server/db/x.ts',
      "import { orderCause } from '../modules/network/index.ts';\nexport const x = orderCause;",
    ],
    [
      'the server imports browser code',
      'src/server/modules/identity/auth/x.ts',
      "import { call } from '../../../../lib/http.ts';\nexport const x = call;",
    ],
    [
      'the browser imports server code',
      'src/my48/features/dashboard/x.ts',
      "import { createApp } from '../../../server/app.ts';\nexport const x = createApp;",
    ],
    [
      'a my48 feature imports another',
      'src/my48/features/transactions/x.ts',
      "import { $usage } from '../dashboard/dashboard-store.ts';\nexport const x = $usage;",
    ],
    [
      'an island imports another',
      'src/islands/orders/x.ts',
      "import { activation } from '../activate-sim/activate-sim-store.ts';\nexport const x = activation;",
    ],
    [
      'shared browser code imports a feature',
      'src/lib/x.ts',
      "import { $usage } from '../my48/features/dashboard/dashboard-store.ts';\nexport const x = $usage;",
    ],
    [
      'my48 shared code imports a feature',
      'src/my48/stores/x.ts',
      "import { $usage } from '../features/dashboard/dashboard-store.ts';\nexport const x = $usage;",
    ],
    [
      'the contract imports browser code',
      'src/contract/x.ts',
      "import { call } from '../lib/http.ts';\nexport const x = call;",
    ],
  ];
  for (const [what, at, code] of refused) {
    it(`refuses: ${what}`, async () => {
      expect(await problems(at, code)).not.toEqual([]);
    });
  }

  const allowed: [string, string, string][] = [
    [
      'a module uses its own files, the kernel and shared code',
      'src/server/modules/identity/auth/x.ts',
      "import { checkCredentials } from './auth.service.ts';\nimport { startSession } from '../sessions.ts';\nimport { ok } from '../../../http/answers.ts';\nimport { dayOf } from '../../../kernel/calendar.ts';\nimport { authApi } from '../../../../contract/auth.schema.ts';\nexport const x = [checkCredentials, startSession, ok, dayOf, authApi];",
    ],
    [
      "a module uses another module's face",
      'src/server/modules/lines/x.ts',
      "import { useStepUpCode } from '../identity/index.ts';\nexport const x = useStepUpCode;",
    ],
    [
      'a face hands out its route files',
      'src/server/modules/identity/index.ts',
      "export { authRoutes } from './auth/auth.routes.ts';",
    ],
    [
      'the server registry mounts routes from the faces',
      'src/server/modules/index.ts',
      "import { authRoutes } from './identity/index.ts';\nexport const x = authRoutes;",
    ],
    [
      "a module's tables name another module's tables",
      'src/server/modules/roaming/x.tables.ts',
      "import { simColumn } from '../lines/sims.tables.ts';\nexport const x = simColumn;",
    ],
    [
      "db/schema.ts gathers every module's tables",
      'src/server/db/schema.ts',
      "export * from '../modules/lines/sims.tables.ts';",
    ],
    [
      'the scheduler takes jobs from the faces',
      'src/server/jobs/x.ts',
      "import { runRenewals } from '../modules/money/index.ts';\nexport const x = runRenewals;",
    ],
    [
      'the my48 registry loads screens',
      'src/my48/features.ts',
      "import { SETTINGS_FRAGMENTS } from './features/settings/fragments.ts';\nexport const x = SETTINGS_FRAGMENTS;",
    ],
  ];
  for (const [what, at, code] of allowed) {
    it(`allows: ${what}`, async () => {
      expect(await problems(at, code)).toEqual([]);
    });
  }
});

/** The cycle rule (import-x/no-cycle, ADR 024) really fails on a cycle, a lazy import included, and not on a type import. */
describe('import cycles', () => {
  const dir = mkdtempSync(join('tests', 'build', 'cycle-fixture-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, code: string) => writeFileSync(join(dir, name), code);
  const cycles = async (file: string) => {
    const [result] = await eslint.lintFiles([join(dir, file)]);
    return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle').length;
  };

  it('refuses two modules importing each other', async () => {
    write('a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n");
    write('b.ts', "import { a } from './a.ts';\nexport const b = () => a;\n");
    expect(await cycles('a.ts')).toBeGreaterThan(0);
  });
  it('refuses a lazily loaded module that imports its loader (the store ↔ actions shape)', async () => {
    write('store.ts', "export const load = () => import('./actions.ts');\nexport const state = { n: 1 };\n");
    write('actions.ts', "import { state } from './store.ts';\nexport const act = () => state.n;\n");
    expect(await cycles('actions.ts')).toBeGreaterThan(0);
  });
  it('allows a type-only import back (nothing is loaded)', async () => {
    write('c.ts', "import type { D } from './d.ts';\nexport interface C { d?: D }\n");
    write('d.ts', "import type { C } from './c.ts';\nexport interface D { c?: C }\n");
    expect(await cycles('c.ts')).toBe(0);
  });
});

/** scripts/check-cycles.ts (npm run check) counts what import-x/no-cycle skips: a cycle of type-only imports. */
describe('type-only import cycles', () => {
  it('are refused by the check, with their files named; a folder without one passes', () => {
    const dir = mkdtempSync(join('tests', 'build', 'type-cycle-fixture-'));
    try {
      writeFileSync(join(dir, 'c.ts'), "import type { D } from './d.ts';\nexport interface C { d?: D }\n");
      writeFileSync(join(dir, 'd.ts'), "import type { C } from './c.ts';\nexport interface D { c?: C }\n");
      const check = () => spawnSync(process.execPath, ['scripts/check-cycles.ts', dir], { encoding: 'utf8' });
      const cycle = check();
      expect(cycle.status).toBe(1);
      expect(cycle.stderr).toMatch(/c\.ts ↔ .*d\.ts/);
      writeFileSync(join(dir, 'd.ts'), 'export interface D { n?: number }\n');
      expect(check().status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Contract names (ADR 031): zod only in x.schema.ts, and no schema file in a screen before the first submit. */
describe('schema files', () => {
  const restricted = async (at: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: at });
    return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').length;
  };
  it.each([
    ['a zod-free contract file loads zod', 'src/contract/x.ts', "import { z } from 'zod';\nexport const x = z;"],
    [
      'a zod-free contract file loads a schema file',
      'src/contract/x.ts',
      "import { stepUpApi } from './step-up.schema.ts';\nexport const x = stepUpApi;",
    ],
    [
      'an island screen loads a schema file',
      'src/islands/log-in/X.tsx',
      "import { authApi } from '../../contract/auth.schema.ts';\nexport const x = authApi;",
    ],
    [
      'a my48 screen loads a schema file',
      'src/my48/features/dashboard/X.tsx',
      "import { accountApi } from '../../../contract/account.schema.ts';\nexport const x = accountApi;",
    ],
  ])('refused: %s', async (_, at, code) => {
    expect(await restricted(at, code)).toBeGreaterThan(0);
  });
  it.each([
    [
      'a zod-free contract file reads a schema file’s types',
      'src/contract/x.ts',
      "import type { stepUpApi } from './step-up.schema.ts';\nexport type X = typeof stepUpApi;",
    ],
    [
      'an island loads a schema file in the actions it imports on submit',
      'src/islands/log-in/x-actions.ts',
      "import { authApi } from '../../contract/auth.schema.ts';\nexport const x = authApi;",
    ],
    [
      'a my48 store loads a schema file',
      'src/my48/features/dashboard/x-store.ts',
      "import { accountApi } from '../../../contract/account.schema.ts';\nexport const x = accountApi;",
    ],
  ])('allowed: %s', async (_, at, code) => {
    expect(await restricted(at, code)).toBe(0);
  });
});
