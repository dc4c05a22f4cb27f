import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The shape of the code (docs/decisions/051-modules-by-domain.md): the server is one module per
 * domain under src/server/modules/<module>, each reached by others only through its index.ts (its
 * face); the kernel and the database import no module; one folder per feature in my48 and for each
 * island, no feature importing another; the browser and the server meet only in src/contract,
 * which imports nothing else. The first matching element wins.
 */
const elements = [
  { type: 'contract', pattern: 'src/contract' },
  { type: 'server-module', pattern: 'src/server/modules/*', capture: ['module'] },
  { type: 'server-kernel', pattern: 'src/server/kernel' },
  { type: 'server-db', pattern: 'src/server/db' },
  { type: 'server-shared', pattern: 'src/server' },
  { type: 'my48-feature', pattern: 'src/my48/features/*', capture: ['feature'] },
  { type: 'my48-shared', pattern: 'src/my48' },
  { type: 'island', pattern: 'src/islands/*', capture: ['feature'] },
  // The staff console (docs/product/staff.md): an app of its own, like my48, sharing only the browser's common code.
  { type: 'staff-console', pattern: 'src/staff' },
  { type: 'page', pattern: 'src/{pages,layouts}' },
  { type: 'browser-shared', pattern: 'src/{lib,stores,components,cms}' },
  // The service worker (ADR 025): its own global scope; it shares only names with the app.
  { type: 'worker', pattern: 'src/worker' },
];
/** The files that compose my48's features: the registries and the app shell. */
const files = [
  {
    category: 'composition',
    pattern: ['src/my48/App.tsx', 'src/my48/features.ts', 'src/my48/settings-screens.ts', 'src/my48/router.ts'],
  },
];
const BROWSER = ['my48-feature', 'my48-shared', 'island', 'page', 'browser-shared', 'staff-console'];
const SERVER = ['server-module', 'server-kernel', 'server-db', 'server-shared'];
const type = (t) => ({ element: { type: t } });
const anyOf = (types) => ({ element: { types: { anyOf: types } } });
const otherFeature = (t) => ({
  to: { element: { type: t, captured: { feature: '!{{ from.element.captured.feature }}' } } },
});
const otherModule = (face) => ({
  to: {
    element: {
      type: 'server-module',
      captured: { module: '!{{ from.element.captured.module }}' },
      ...(face ? { fileInternalPath: 'index.ts' } : {}),
    },
  },
});
const face = { to: { element: { type: 'server-module', fileInternalPath: 'index.ts' } } };
const boundaryPolicies = [
  // The contract is shared by both sides: it imports nothing of either.
  { from: type('contract'), disallow: { to: anyOf([...BROWSER, ...SERVER]) } },
  // The browser imports no server code, the server no browser code.
  { from: anyOf(BROWSER), disallow: { to: anyOf(SERVER) } },
  { from: type('worker'), disallow: { to: anyOf([...SERVER, 'my48-feature', 'my48-shared', 'island', 'page']) } },
  { from: anyOf([...BROWSER, ...SERVER]), disallow: { to: type('worker') } },
  { from: anyOf(SERVER), disallow: { to: anyOf(BROWSER) } },
  // A module reaches another only through its face (index.ts); a later policy overrides an earlier one.
  { from: type('server-module'), disallow: otherModule(false) },
  { from: type('server-module'), allow: otherModule(true) },
  // The kernel and the database belong to no domain: they import no module and no composition.
  {
    from: anyOf(['server-kernel', 'server-db']),
    disallow: { to: anyOf(['server-module', 'server-composition', 'server-shared']) },
  },
  // The tables: each module's own in its `*.tables.ts`, a table's relations naming another module's tables
  // directly, and `db/schema.ts` gathering them all for drizzle-kit and the queries (the one way in).
  {
    from: { element: { type: 'server-db', fileInternalPath: 'schema.ts' } },
    allow: { to: { element: { type: 'server-module', fileInternalPath: '*.tables.ts' } } },
  },
  {
    from: { element: { type: 'server-module', fileInternalPath: '*.tables.ts' } },
    allow: { to: { element: { type: 'server-module', fileInternalPath: '*.tables.ts' } } },
  },
  // The rest of the server (the app and the route registry, the jobs' scheduler, http, the integrations, the
  // seed) meets modules at their faces.
  { from: type('server-shared'), disallow: { to: type('server-module') } },
  { from: type('server-shared'), allow: face },
  // No my48 feature or island imports another; shared browser code imports none.
  { from: type('my48-feature'), disallow: otherFeature('my48-feature') },
  { from: type('island'), disallow: otherFeature('island') },
  { from: type('island'), disallow: { to: anyOf(['my48-feature', 'my48-shared']) } },
  { from: type('staff-console'), disallow: { to: anyOf(['my48-feature', 'my48-shared', 'island']) } },
  { from: anyOf(['my48-feature', 'my48-shared', 'island']), disallow: { to: type('staff-console') } },
  { from: anyOf(['my48-feature', 'my48-shared']), disallow: { to: type('island') } },
  { from: type('my48-shared'), disallow: { to: type('my48-feature') } },
  {
    from: type('browser-shared'),
    disallow: { to: anyOf(['island', 'my48-feature', 'my48-shared', 'page', 'staff-console']) },
  },
  // A later policy overrides an earlier one: the composing files may import features.
  { from: { file: { categories: 'composition' } }, allow: { to: type('my48-feature') } },
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      'node_modules/',
      '.data/',
      'test-results/',
      'playwright-report/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-strict'],
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies }],
      // A route file is handed out by its module's face alone (the registry mounts it from there).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.routes.ts', '*.routes.ts'],
              message: "Route files are handed out by their module's index.ts only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/modules/*/index.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Outside the server, zod comes from src/contract/zod.ts, which makes it jitless in the browser (no
    // eval probe for the Content-Security-Policy to refuse). Blocks below narrow this further.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/contract/zod.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'Import z from src/contract/zod.ts (jitless in the browser).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Contract names (docs/decisions/031): zod lives in x.schema.ts alone; x.ts and x.calls.ts load no
    // schema library, and may read a schema file's types only.
    files: ['src/contract/**/*.ts'],
    ignores: ['src/contract/**/*.schema.ts', 'src/contract/**/*.test.ts', 'src/contract/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'zod is for x.schema.ts files only.', allowTypeImports: true }],
          patterns: [
            {
              group: ['**/*.schema.ts', './zod.ts'],
              message: 'A zod-free contract file reads a schema file for its types only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The schema library waits for the first submit: an island loads it in its *-actions.ts (imported
    // on submit), and a my48 screen through its store, never in the screen itself.
    files: ['src/islands/**/*.{ts,tsx}', 'src/my48/**/*.tsx'],
    ignores: ['src/islands/**/*-actions.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'zod loads on the first submit (an island’s *-actions.ts).',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['**/*.schema.ts', '**/contract/zod.ts'],
              message: 'A schema file loads on the first submit (an island’s *-actions.ts); import its types only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles: a cycle makes load order matter and hides which module owns a rule. This rule
    // skips type-only imports; scripts/check-cycles.ts (in npm run check) counts them too.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: { ...jsxA11y.flatConfigs.strict.rules, ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A scrolling table region must be focusable for keyboard users (axe: scrollable-region-focusable).
      'astro/jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
      // A table whose cells CSS restyles (cards on a phone) states role="cell" again: browsers drop table
      // semantics from elements whose display changes. jsx-a11y counts <td> as interactive (gridcell).
      'astro/jsx-a11y/no-interactive-element-to-noninteractive-role': [
        'error',
        { tr: ['none', 'presentation'], canvas: ['img'], td: ['cell'] },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    rules: { 'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }] },
  },
  {
    // Files whose words are in the message catalogue (docs/product/languages.md): a word written in
    // their markup or in a label attribute bypasses it and stays English on an Irish or Polish page.
    // A file joins this list when it moves to the catalogue.
    files: [
      'src/components/Navbar.astro',
      'src/components/NavLinkItems.astro',
      'src/components/Footer.astro',
      'src/components/LanguageSwitch.astro',
      'src/components/LanguageOffer.astro',
      'src/components/PlanCard.astro',
      'src/layouts/HomePage.astro',
      'src/layouts/LegalIndexPage.astro',
      'src/layouts/LegalPage.astro',
      'src/layouts/ContactPage.astro',
      'src/layouts/HelpIndexPage.astro',
      'src/layouts/FaqsPage.astro',
      'src/layouts/CoveragePage.astro',
      'src/layouts/OrderFreeSimPage.astro',
      'src/layouts/OrdersPage.astro',
      'src/layouts/ThisWasntMePage.astro',
      'src/layouts/GiftShopPage.astro',
      'src/layouts/NeedADevicePage.astro',
      'src/islands/need-a-device/NeedADevice.tsx',
      'src/layouts/StudentOfferPage.astro',
      'src/islands/offers/StudentOffer.tsx',
      'src/layouts/PaymentGatewayPage.astro',
      'src/islands/payment-gateway/PaymentGateway.tsx',
      'src/layouts/CampaignPage.astro',
      'src/layouts/FeelsmugPage.astro',
      'src/islands/offers/Campaign.tsx',
      'src/islands/offers/Feelsmug.tsx',
      'src/layouts/FriendPage.astro',
      'src/islands/friend/Friend.tsx',
      'src/layouts/ReferPage.astro',
      'src/islands/refer/Refer.tsx',
      'src/layouts/SitemapPage.astro',
      'src/layouts/ChargesIndexPage.astro',
      'src/layouts/ChargesTablePage.astro',
      'src/layouts/CookiesDetailsPage.astro',
      'src/layouts/HelpdeskSignInPage.astro',
      'src/islands/gift-shop/GiftShop.tsx',
      'src/islands/this-wasnt-me/ThisWasntMe.tsx',
      'src/islands/orders/Orders.tsx',
      'src/islands/order-free-sim/OrderFreeSim.tsx',
      'src/layouts/UnlockIndexPage.astro',
      'src/layouts/UnlockGuidePage.astro',
      'src/layouts/LocalisedArticlePage.astro',
      'src/islands/coverage-checker/CoverageChecker.tsx',
      'src/layouts/HelpTopicPage.astro',
      'src/components/ChatButton.astro',
      'src/islands/contact/Contact.tsx',
      'src/layouts/LogInPage.astro',
      'src/layouts/SignUpPage.astro',
      'src/islands/log-in/LogIn.tsx',
      'src/islands/log-in/LoginCarousel.tsx',
      'src/islands/sign-up/SignUp.tsx',
      'src/layouts/ForgotPasswordPage.astro',
      'src/layouts/ActivateSimPage.astro',
      'src/islands/forgot-password/ForgotPassword.tsx',
      'src/islands/activate-sim/ActivateSim.tsx',
      'src/layouts/My48Page.astro',
      'src/my48/App.tsx',
      'src/my48/components/Advance.tsx',
      'src/my48/components/ErrorBoundary.tsx',
      'src/my48/components/LoadFailed.tsx',
      'src/my48/components/Offline.tsx',
      'src/my48/components/StepUpCode.tsx',
      'src/my48/features/dashboard/Dashboard.tsx',
      'src/my48/features/dashboard/DailyUsage.tsx',
      'src/my48/features/dashboard/UsageCards.tsx',
      'src/my48/features/memberships/AddCredit.tsx',
      'src/my48/features/memberships/Addons.tsx',
      'src/my48/features/memberships/Memberships.tsx',
      'src/my48/features/memberships/OfferCard.tsx',
      'src/my48/features/memberships/SaveCardField.tsx',
      'src/my48/features/memberships/use-offers.tsx',
      'src/my48/features/transactions/Receipt.tsx',
      'src/my48/features/transactions/Transactions.tsx',
      'src/my48/features/settings/Settings.tsx',
      'src/my48/features/settings/Account.tsx',
      'src/my48/features/settings/Controls.tsx',
      'src/my48/features/settings/MyData.tsx',
      'src/my48/features/settings/NumberLock.tsx',
      'src/my48/features/settings/Passkeys.tsx',
      'src/my48/features/settings/EmailAddress.tsx',
      'src/my48/features/settings/DeviceNotifications.tsx',
      'src/my48/features/settings/SimSettings.tsx',
      'src/my48/features/settings/SimControls.tsx',
      'src/my48/features/settings/ContactPreferences.tsx',
      'src/my48/features/credit-back/CreditBack.tsx',
      'src/my48/features/roaming/Roaming.tsx',
      'src/my48/features/usage/Usage.tsx',
      'src/my48/features/usage/Statement.tsx',
      'src/my48/features/flexi-data/FlexiData.tsx',
      'src/my48/features/flexi-data/FlexiPopups.tsx',
      'src/my48/features/flexi-data/FriendAction.tsx',
      'src/my48/features/flexi-data/flexi-parts.tsx',
      'src/my48/features/recruit/Recruit.tsx',
      'src/my48/features/phones/Phones.tsx',
      'src/my48/features/offers/Offers.tsx',
      'src/my48/features/household/Household.tsx',
      'src/my48/features/household/LineControls.tsx',
      'src/my48/features/household/LineDialog.tsx',
      'src/my48/features/household/LinesUsage.tsx',
      'src/my48/features/household/Requests.tsx',
      'src/my48/features/household/YourLine.tsx',
      'src/my48/features/support/Support.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/\\p{L}{2,}/u]',
          message:
            'Words on this page come from the message catalogue (src/contract/i18n): t(key), or an island’s words.',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|aria-roledescription|title|alt|placeholder|label|busyLabel|hint)$/] > Literal[value=/\\p{L}{2,}/u]',
          message:
            'A label on this page comes from the message catalogue (src/contract/i18n): t(key), or an island’s words.',
        },
      ],
    },
  },
);
