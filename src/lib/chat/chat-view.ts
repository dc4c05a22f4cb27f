import { CHAT_MESSAGE_MAX, chatWords, queueText } from '../../contract/chat.ts';
import { createChatStore, type ChatState, type ChatStore } from './chat-store.ts';
import styles from './chat.css?url';

/**
 * The chat's styles as a file linked when it first opens (as the consent banner's: an imported
 * stylesheet would go into every page's CSS). Answers once it has loaded, so nothing shows unstyled.
 */
let styled: Promise<void> | undefined;
export const chatStyles = () =>
  (styled ??= new Promise<void>((resolve) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: styles });
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve()); // an unstyled chat still works
    document.head.append(link);
  }));

/**
 * The chat's view, drawn with the DOM (no framework: the chat loads only when "Chat with us" is
 * pressed, and on a help page that has no island it must stay small). What a person or an agent
 * wrote is set as text, never as HTML. The conversation is a `role="log"` live region; the status
 * (queue place, wait, who is with you) a polite status; an error an alert.
 */
type Attrs = Record<string, string | boolean | undefined>;
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs))
    if (value === true) node.setAttribute(name, '');
    else if (typeof value === 'string') node.setAttribute(name, value);
  node.append(...children);
  return node;
}
const button = (label: string, attrs: Attrs = {}) =>
  el('button', { type: 'button', class: 'btn btn--outline', ...attrs }, label);
const field = (id: string, label: string, control: HTMLElement) =>
  el('div', { class: 'field' }, el('label', { for: id }, label), control);

/**
 * A cookie's value, read here rather than through lib/auth-code.ts and lib/transaction.ts: the chat
 * loads alone, and sharing those modules with it would split them out of the HTTP client's chunk,
 * a few hundred bytes more on every page that loads the client.
 */
const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
/** Signed in: the session cookie (lib/auth-code.ts `authCode`). */
const authCode = () => cookie('authCode');

let store: ChatStore | undefined;
/** The one chat of the page (a second press shows the same chat). */
export function chatStore(): ChatStore {
  return (store ??= createChatStore({
    fetch: (input, init) => fetch(input, init),
    storage: sessionStorage,
    answerCaptcha: async (offer) => (await import('../captcha-answer.ts')).answerTo(offer, 'chat'),
    // The session's headers (as lib/http.ts sends them): its token, this visit's transaction code (the
    // cookie lib/transaction.ts keeps; a member signed in has made a call, so it is there) and the XSRF token.
    async sessionHeaders() {
      const auth = authCode();
      if (!auth) return {};
      const transaction = cookie('ggTransaction');
      const xsrf = cookie('XSRF-TOKEN');
      return {
        'x-gg-auth': decodeURIComponent(auth),
        ...(transaction ? { 'x-gg-transaction': decodeURIComponent(transaction) } : {}),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
      };
    },
  }));
}

function statusOf(s: ChatState): string {
  const reconnecting = s.connection === 'reconnecting' && (s.phase === 'waiting' || s.phase === 'talking');
  const text = {
    checking: 'Checking our hours…',
    closed: `${chatWords.closed} ${s.opensText ?? ''}`.trim(),
    ready: authCode() && !s.needsWho ? 'Start a chat with a person from our team.' : chatWords.visitorNote,
    starting: 'Starting the chat…',
    waiting: queueText(s.place ?? 1, s.waitMinutes ?? null),
    talking: `You are chatting with ${s.agent ?? '48'}.`,
    ended: 'The chat has ended.',
    left: s.ticket ? `${chatWords.left} Your reference is ${s.ticket}.` : chatWords.left,
    gone: 'This chat is no longer here.',
  }[s.phase];
  return reconnecting ? `${text} Connection lost: reconnecting…` : text;
}

/**
 * Draws the chat into `root` (the /chat page's, or a dialog's) and keeps it drawn from the store;
 * `onClose` is its Close button. Answers the way to stop (the view closed).
 */
export function mountChat(root: HTMLElement, chat: ChatStore, { onClose }: { onClose?: () => void } = {}) {
  const status = el('p', { class: 'chat__status', role: 'status' });
  const log = el('div', { class: 'chat__log', role: 'log', 'aria-label': 'Conversation', tabindex: '0' });
  const error = el('p', { class: 'chat__error', role: 'alert' });
  const actions = el('div', { class: 'chat__actions' });
  const head = el('div', { class: 'chat__head' }, el('h2', { id: 'chat-title' }, chatWords.title));
  if (onClose) {
    const close = button('Close', { class: 'btn btn--link chat__close', 'aria-label': 'Close the chat' });
    close.addEventListener('click', onClose);
    head.append(close);
  }
  root.replaceChildren(
    el('section', { class: 'chat', 'aria-labelledby': 'chat-title' }, head, status, log, error, actions),
  );

  let shown = 0;
  let drawn = '';
  let leaving = false;
  const draw = (s: ChatState) => {
    status.textContent = statusOf(s);
    error.textContent = s.error ?? '';
    for (const line of s.lines.slice(shown)) {
      const who = line.author === 'person' ? 'You' : line.author === 'agent' ? (line.name ?? '48') : '';
      log.append(
        el(
          'p',
          { class: `chat__line chat__line--${line.author}` },
          ...(who ? [el('span', { class: 'chat__who' }, `${who}: `)] : []),
          line.body,
        ),
      );
    }
    if (s.lines.length > shown) log.scrollTop = log.scrollHeight;
    shown = s.lines.length;
    for (const b of actions.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) b.disabled = Boolean(s.busy);
    const key = `${s.phase}:${leaving}:${s.rating ?? ''}:${s.needsWho ?? ''}`;
    if (key === drawn) return;
    // Focus follows the actions when it was among them (or nowhere yet, or on the dialog's first
    // control when the first actions appear); a message being typed survives the redraw (an agent
    // joining turns "waiting" into "talking" under the person's fingers).
    const active = document.activeElement;
    const hadFocus =
      actions.contains(active) || active === document.body || (!actions.hasChildNodes() && root.contains(active));
    const typed = new Map([...actions.querySelectorAll('textarea')].map((t) => [t.id, t.value]));
    drawn = key;
    actions.replaceChildren(...actionsFor(s));
    for (const t of actions.querySelectorAll('textarea')) t.value = typed.get(t.id) ?? '';
    if (hadFocus) actions.querySelector<HTMLElement>('textarea, input, button, a')?.focus();
  };

  const form = (onSubmit: (data: FormData) => void, ...children: Node[]) => {
    const f = el('form', { class: 'chat__form', novalidate: true }, ...children);
    f.addEventListener('submit', (e) => {
      e.preventDefault();
      if (!f.reportValidity()) return;
      onSubmit(new FormData(f));
    });
    return f;
  };
  const submit = (label: string) => el('button', { type: 'submit', class: 'btn btn--primary' }, label);
  const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

  function actionsFor(s: ChatState): Node[] {
    switch (s.phase) {
      case 'checking':
      case 'starting':
        return [];
      case 'closed':
        return [el('a', { class: 'btn btn--primary', href: '/contact-us' }, chatWords.writeInstead)];
      case 'ready':
        if (authCode() && !s.needsWho) return [form(() => void chat.start(), submit('Start chat'))];
        return [
          form(
            (d) => void chat.start({ name: text(d, 'name'), email: text(d, 'email') }),
            field(
              'chat-name',
              'Your name',
              el('input', { id: 'chat-name', name: 'name', autocomplete: 'name', required: true, maxlength: '60' }),
            ),
            field(
              'chat-email',
              'Your e-mail address',
              el('input', {
                id: 'chat-email',
                name: 'email',
                type: 'email',
                autocomplete: 'email',
                required: true,
                maxlength: '254',
              }),
            ),
            submit('Start chat'),
          ),
        ];
      case 'waiting':
      case 'talking': {
        if (leaving)
          return [
            form(
              (d) => void chat.leave(text(d, 'message') || undefined).then(() => (leaving = false)),
              field(
                'chat-leave',
                'Anything to add? (optional)',
                el('textarea', { id: 'chat-leave', name: 'message', rows: '3', maxlength: String(CHAT_MESSAGE_MAX) }),
              ),
              submit('Send as a message'),
              (() => {
                const back = button('Back to the chat');
                back.addEventListener('click', () => {
                  leaving = false;
                  draw(chat.$chat.get());
                });
                return back;
              })(),
            ),
          ];
        const message = el('textarea', {
          id: 'chat-message',
          name: 'message',
          rows: '2',
          maxlength: String(CHAT_MESSAGE_MAX),
          required: true,
        });
        const send = form(
          (d) =>
            void chat.send(text(d, 'message')).then((sent) => {
              if (sent) message.value = '';
            }),
          field('chat-message', 'Your message', message),
          submit('Send'),
        );
        // Enter sends; Shift+Enter starts a new line.
        message.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            send.requestSubmit();
          }
        });
        const end = button('End chat');
        end.addEventListener('click', () => void chat.end());
        const more: Node[] = [end];
        if (s.phase === 'waiting') {
          const leave = button('Leave a message instead');
          leave.addEventListener('click', () => {
            leaving = true;
            draw(chat.$chat.get());
          });
          more.unshift(leave);
        }
        return [send, el('div', { class: 'chat__more' }, ...more)];
      }
      case 'ended': {
        const download = button('Download the transcript');
        download.addEventListener('click', () => void saveTranscript(chat, s.reference ?? 'chat'));
        const rating = s.rating
          ? el('p', {}, `Thank you: you rated this chat ${s.rating} out of 5.`)
          : form(
              (d) => {
                const value = Number(d.get('rating'));
                if (value >= 1 && value <= 5) void chat.rate(value);
              },
              el(
                'fieldset',
                { class: 'chat__rating' },
                el('legend', {}, 'How was this chat? (optional)'),
                ...[1, 2, 3, 4, 5].map((n) =>
                  el(
                    'label',
                    {},
                    el('input', { type: 'radio', name: 'rating', value: String(n), required: true }),
                    ` ${n}`,
                  ),
                ),
              ),
              submit('Send rating'),
            );
        return [
          rating,
          el(
            'p',
            {},
            s.mailed ? 'We have e-mailed you the transcript. It is in my48 → Support too.' : 'Keep a copy of the chat:',
          ),
          download,
        ];
      }
      case 'left':
        return [];
      case 'gone': {
        const again = button('Start a new chat', { class: 'btn btn--primary' });
        again.addEventListener('click', () => void chat.open());
        return [again];
      }
    }
  }

  const unsubscribe = chat.$chat.subscribe(draw);
  void chat.open();
  return () => {
    unsubscribe();
    chat.stop();
  };
}

async function saveTranscript(chat: ChatStore, reference: string) {
  const blob = await chat.transcript();
  if (!blob) return;
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: `48-chat-${reference}.txt`, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Opens the chat over the page (my48, an app whose script is loaded already), from the button pressed: a modal dialog (the page behind it inert,
 * focus inside), closed by its button or Escape, and focus back on the button. The chat goes on
 * while closed; opening it again resumes it.
 */
export async function openChat(trigger: HTMLElement): Promise<void> {
  await chatStyles();
  let dialog = document.querySelector<HTMLDialogElement>('dialog.chat-dialog');
  if (!dialog) {
    dialog = el('dialog', { class: 'chat-dialog', 'aria-labelledby': 'chat-title' });
    document.body.append(dialog);
  }
  const d = dialog;
  const stop = mountChat(d, chatStore(), { onClose: () => d.close() });
  d.addEventListener(
    'close',
    () => {
      stop();
      trigger.focus();
    },
    { once: true },
  );
  d.showModal();
}
