/**
 * Messages the API answers with and the browser shows. The spec's own texts are quoted
 * exactly (including its spelling); the rest are ours.
 */
export const messages = {
  // Spec section 5 and 8, exactly as written there.
  invalidNumber: "That doesn't look like a valid number - please check and try again.",
  cannotLinkMembership: "We can't link a membership to this number - please double-check and try another.",
  cannotTopUp: "This number can't receive a top-up.",
  tooManyMgmSims: 'Too many mgm sims today!',
  mgmNeedsActiveSim: 'MGM is limited to users with an active SIM',
  noCurrentMembership: 'No current MemberShip',
  retrievingAccount: "One moment please. We're retrieving your account data.",
  portinInProgress: 'Portin is in progress.',

  // Ours.
  invalidLogin: 'The e-mail address or password is not right.',
  authRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has ended. Please log in again.',
  transactionRequired: 'The x-gg-transaction header is missing or longer than 256 characters.',
  forbiddenMember: 'You can only reach your own account.',
  forbiddenXsrf: 'This request is missing its security token. Please reload the page and try again.',
  forbiddenOrigin: 'Requests from another site are not accepted.',
  tooManyRequests: 'Too many attempts. Please wait a little and try again.',
  activationInProgress: 'Account activation in progress',
  accountDetailsMissing: 'Account details missing',
  serviceUnavailable: 'The service is unavailable at the moment. Please try again shortly.',
  notFound: 'There is nothing at this address.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;

/** Messages of sign-up, verification and password recovery (ours). */
export const accountMessages = {
  emailTaken: 'An account with this e-mail address already exists. Log in, or reset your password.',
  verificationSent: 'We have sent you an e-mail with a link and a code to verify your address.',
  verificationInvalid: 'That link or code is not valid any more. Ask for a new one.',
  verified: 'Your e-mail address is verified.',
  recoverySent: 'If an account uses that address, we have sent it a link to set a new password.',
  resetInvalid: 'That reset link is not valid any more. Ask for a new one.',
  passwordChanged: 'Your password is changed. Other devices have been signed out.',
  wrongCurrentPassword: 'Your current password is not right.',
} as const;

/** Messages of the captcha, SIM activation and SIM orders (ours). */
export const onboardingMessages = {
  captchaFailed: 'We could not confirm that you are a person. Please try again.',
  simNotFound: "We can't find a SIM with that number. Check the number on the back of your SIM card.",
  simAlreadyActive: 'This SIM is already active. If it is yours, log in with the account it belongs to.',
  alreadyHasSim: 'Your account already has a SIM. Contact us if you want to add another.',
  freeSimOnItsWay: 'You already have a free SIM on its way. You can order another once it has arrived.',
  replacementOnItsWay: 'A replacement SIM is already on its way to you.',
  portInOpen: 'A request to move your number is already in progress.',
  numberAlreadyWith48: 'That number is already on 48.',
  noActiveSim: 'You need an active SIM for this.',
} as const;


/** Messages of the log-in screen (ours; the spec names the two flags, not their words). */
export const logInMessages = {
  invalidLogin: 'The e-mail address or password is not right.',
  gatewayError: "We can't reach our systems right now. Please try again in a few minutes.",
  helpdeskUnavailable: 'The help desk is not available at the moment. Please try again later.',
} as const;

/** HTTP statuses that mean the gateway, not the member, failed (spec section 8). */
export const GATEWAY_STATUSES = [500, 501, 502, 503, 504, 404] as const;
