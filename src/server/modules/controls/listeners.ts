import { lineChangesTold, numberMovedAway, portOutRequested, simChanged } from '../lines/index.ts';
import { keepLineChange, tellLineChanges } from './line-changes/line-changes.service.ts';
import { portAskedUnderLock } from './number-lock/number-lock.service.ts';

/**
 * What controls does when another module says something happened, in that module's transaction
 * (src/server/kernel/events.ts). Imported once, by controls' face.
 */

// "This wasn't me": every change of SIM, port-out asked for and port-out done is kept, to be told
// to the member with a link (line-changes.service.ts).
simChanged.on((tx, e) =>
  keepLineChange(tx, {
    memberId: e.memberId,
    kind: e.kind === 'esim' ? 'esim' : 'simSwap',
    msisdn: e.msisdn,
    ssn: e.ssn,
    detail: {},
    at: e.at,
  }),
);

portOutRequested.on((tx, e) =>
  keepLineChange(tx, {
    memberId: e.memberId,
    kind: 'portOutRequested',
    msisdn: e.msisdn,
    ssn: e.ssn,
    detail: {
      ...(e.said.recipient ? { recipient: e.said.recipient } : {}),
      ...(e.said.portDate ? { port_date: e.said.portDate } : {}),
    },
    at: e.at,
  }),
);

numberMovedAway.on(async (tx, e) => {
  if (e.memberId === null) return;
  await keepLineChange(tx, {
    memberId: e.memberId,
    kind: 'portedOut',
    msisdn: e.msisdn,
    ssn: null,
    detail: {
      ...(e.said.recipient ? { recipient: e.said.recipient } : {}),
      ...(e.said.reason ? { reason: e.said.reason } : {}),
    },
    at: e.at,
  });
});

// Another network asked for a number whose lock is on: the member and the desk are told.
portOutRequested.on(portAskedUnderLock);

// Lines' changes are told to the member by controls, once their transaction has committed.
lineChangesTold.by(tellLineChanges);
