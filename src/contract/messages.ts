/**
 * Messages more than one feature answers with or shows. A feature's own messages live in its
 * contract (contract/<feature>.ts). The spec's texts are quoted exactly (including its spelling).
 */
export const messages = {
  // Spec section 5 and 8, exactly as written there; the features of later issues answer with them.
  invalidNumber: "That doesn't look like a valid number - please check and try again.",
  cannotLinkMembership: "We can't link a membership to this number - please double-check and try another.",
  cannotTopUp: "This number can't receive a top-up.",
  tooManyMgmSims: 'Too many mgm sims today!',
  mgmNeedsActiveSim: 'MGM is limited to users with an active SIM',
  noCurrentMembership: 'No current MemberShip',
  retrievingAccount: "One moment please. We're retrieving your account data.",
  portinInProgress: 'Portin is in progress.',

  // Ours: sessions, access and errors of any call.
  authRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has ended. Please log in again.',
  transactionRequired: 'The x-gg-transaction header is missing or longer than 256 characters.',
  forbiddenMember: 'You can only reach your own account.',
  forbiddenXsrf: 'This request is missing its security token. Please reload the page and try again.',
  forbiddenOrigin: 'Requests from another site are not accepted.',
  tooManyRequests: 'Too many attempts. Please wait a little and try again.',
  serviceUnavailable: 'The service is unavailable at the moment. Please try again shortly.',
  notFound: 'There is nothing at this address.',
  serverError: 'Something went wrong on our side. Please try again.',
  captchaFailed: 'We could not confirm that you are a person. Please try again.',

  // Ours: SIM cards (activation and change my SIM).
  simNotFound: "We can't find a SIM with that number. Check the number on the back of your SIM card.",
  simAlreadyActive: 'This SIM is already active. If it is yours, log in with the account it belongs to.',
  noActiveSim: 'You need an active SIM for this.',
  /** docs/product/member-controls.md, lost or stolen: what a blocked SIM answers wherever it is refused. */
  simBlocked:
    'Your SIM is blocked because it was reported lost or stolen. Unblock it in Settings, or change to a new SIM or an eSIM.',
  wrongCurrentPassword: 'Your current password is not right.',
} as const;

/** HTTP statuses that mean the gateway, not the member, failed (spec section 8). */
export const GATEWAY_STATUSES = [500, 501, 502, 503, 504, 404] as const;
