/**
 * The care module's face: all that other modules, the app and the jobs may use of it.
 *
 * Customer care (docs/product/customer-care.md): support messages and tickets, complaints and
 * their timelines, the help desk's sign-on, live chat. It follows the network's questions by their
 * event (listeners.ts).
 */
import './listeners.ts';
export { ERASED_TEXT } from './erase.ts';
export { chatRoutes } from './chat/chat.routes.ts';
export { closeChatStreams } from './chat/hub.ts';
export { chatDeskState } from './chat/desk.ts';
export { contactRoutes } from './contact/contact.routes.ts';
export { helpdeskRoutes } from './helpdesk/helpdesk.routes.ts';
export { supportRoutes } from './support/support.routes.ts';
export { acknowledgementOf, acknowledgementWords } from './tickets.ts';
export { openFraudTicket } from './tickets/fraud.ts';
export { careJobs } from './jobs.ts';
export type { ChatDeskAdapter } from './integrations/chat/index.ts';
export { chat, chatSettings } from './integrations/chat/integration.ts';
export { helpdesk, helpdeskSettings } from './integrations/helpdesk/integration.ts';
export type { TicketsAdapter } from './integrations/tickets/index.ts';
export { tickets, ticketsSettings } from './integrations/tickets/integration.ts';
