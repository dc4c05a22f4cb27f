import { expect, it } from 'vitest';
import { chatwootDesk, sandboxChatDesk } from './chat/index.ts';
import { deskTickets, sandboxTickets } from './tickets/index.ts';

it('staff open a ticket or a chat at the desk’s agent screens, and at the sandbox’s pages where no desk is set', () => {
  const zendesk = deskTickets({ url: 'https://desk.example.ie/', token: 't' });
  expect(zendesk.linkTo({ id: 12, deskId: '9001' })).toBe('https://desk.example.ie/agent/tickets/9001');
  expect(zendesk.linkTo({ id: 12, deskId: null })).toBeNull();
  const chatwoot = chatwootDesk({ url: 'https://chat.example.ie/api/v1/accounts/3', token: 't', inboxId: 1 });
  expect(chatwoot.linkTo({ id: 7, deskId: '412' })).toBe('https://chat.example.ie/app/accounts/3/conversations/412');
  expect(chatwoot.linkTo({ id: 7, deskId: null })).toBeNull();
  expect(sandboxTickets().linkTo({ id: 12, deskId: null })).toBe('/sandbox/helpdesk#ticket-12');
  expect(sandboxChatDesk().linkTo({ id: 7, deskId: null })).toBe('/sandbox/helpdesk/chat?chat=7');
});
