/**
 * A number as the network writes it (E.164 digits 3538…, with or without `+` or `00`, or national
 * 08…) in ours (08…): the listener's events, the inventory and the balances read it alike.
 */
export const nationalNumber = (msisdn: string) => {
  const digits = msisdn.trim().replace(/^\+/, '').replace(/^00/, '');
  return digits.startsWith('353') ? `0${digits.slice(3)}` : digits;
};
