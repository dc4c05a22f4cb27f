// The parts of the Sentry browser SDK the error watch uses, named so the bundle keeps only them
// (a namespace import of the package keeps replay and feedback too: 146 KB gzip instead of ~25).
export { captureException, init } from '@sentry/astro';
