/**
 * The cookie vanilla-cookieconsent keeps the choice in (kept on log-out: it is the device's, not the
 * session's). Its own module, so the session code that spares it on log-out loads no consent code.
 */
export const CONSENT_COOKIE = 'cc_cookie';
