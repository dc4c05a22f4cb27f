/** An address form's counties and labels, apart from its rules: forms render them without loading zod. */
export const IRISH_COUNTIES = [
  'Carlow',
  'Cavan',
  'Clare',
  'Cork',
  'Donegal',
  'Dublin',
  'Galway',
  'Kerry',
  'Kildare',
  'Kilkenny',
  'Laois',
  'Leitrim',
  'Limerick',
  'Longford',
  'Louth',
  'Mayo',
  'Meath',
  'Monaghan',
  'Offaly',
  'Roscommon',
  'Sligo',
  'Tipperary',
  'Waterford',
  'Westmeath',
  'Wexford',
  'Wicklow',
] as const;

/** What the member reads for each field of a SIM order's address (forms and their messages say the same). */
export const ADDRESS_LABELS = {
  firstname: 'First name',
  lastname: 'Last name',
  s_line1: 'Address line 1',
  s_line2: 'Address line 2',
  s_city: 'Town or city',
  s_county: 'County',
  s_postcode: 'Eircode',
} as const;
/** The same for a friend's address (a free SIM sent to them). */
export const FRIEND_ADDRESS_LABELS = {
  ...ADDRESS_LABELS,
  firstname: "Friend's first name",
  lastname: "Friend's last name",
} as const;
