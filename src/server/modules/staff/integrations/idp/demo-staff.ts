import type { StaffRole } from '../../../../../contract/staff.ts';

/** The demo staff (the embedded default only, never in production): the sandbox provider's accounts. */
export const DEMO_STAFF: readonly { email: string; name: string; role: StaffRole }[] = [
  { email: 'agent@staff.example.com', name: 'Aoife Byrne', role: 'agent' },
  { email: 'agent2@staff.example.com', name: 'Darragh Kelly', role: 'agent' },
  { email: 'supervisor@staff.example.com', name: 'Niamh Doyle', role: 'supervisor' },
  { email: 'supervisor2@staff.example.com', name: 'Cathal Murphy', role: 'supervisor' },
  { email: 'fraud@staff.example.com', name: 'Ciarán Nolan', role: 'fraud' },
  { email: 'finance@staff.example.com', name: 'Sinéad Ryan', role: 'finance' },
  { email: 'finance2@staff.example.com', name: 'Orla Walsh', role: 'finance' },
  { email: 'editor@staff.example.com', name: 'Eoin Walsh', role: 'editor' },
  { email: 'admin@staff.example.com', name: 'Róisín Byrne', role: 'admin' },
  { email: 'nobody@staff.example.com', name: 'Pat Quinn', role: 'none' as StaffRole },
];
