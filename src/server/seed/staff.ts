import { randomUUID } from 'node:crypto';
import type { StaffRole } from '../../contract/staff.ts';
import type { Database } from '../db/client.ts';
import { staffPeople, staffSessions } from '../db/schema.ts';
import { randomToken, sha256 } from '../kernel/tokens.ts';

const NAMES: Record<StaffRole, string> = {
  agent: 'Aoife Byrne',
  supervisor: 'Niamh Doyle',
  fraud: 'Ciarán Nolan',
  finance: 'Sinéad Ryan',
  editor: 'Eoin Walsh',
  admin: 'Róisín Byrne',
};

/**
 * A person of 48 signed in with a role, for the API tests (the browser journeys sign in at the
 * sandbox's identity provider): a person of their own each call, and the staff session's token,
 * as the sign-in's callback makes them.
 */
export async function createStaffSession(db: Database, now: Date, role: StaffRole, name = NAMES[role]) {
  const [person] = await db
    .insert(staffPeople)
    .values({
      subject: `test#${randomUUID()}`,
      email: `${role}-${randomUUID().slice(0, 8)}@staff.example.com`,
      name,
      role,
      lastSignInAt: now,
      createdAt: now,
    })
    .returning();
  const token = randomToken();
  await db.insert(staffSessions).values({
    tokenHash: sha256(token),
    personId: person!.id,
    role,
    createdAt: now,
    lastSeenAt: now,
    endsAt: new Date(now.getTime() + 8 * 3600_000),
  });
  return { person: person!, token, cookie: `48-staff=${token}` };
}
