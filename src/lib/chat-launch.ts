/**
 * "Chat with us" links ([data-chat], components/ChatButton.astro) open the chat over the page; its
 * code loads on the first press, so the page ships only this listener. Without script, or before it
 * runs, or opened in a new tab, the link goes to the /chat page.
 */
export function bootChatButtons(doc: Document = document): void {
  doc.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-chat]') : null;
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void import('./chat/chat-view.ts')
      .then((m) => m.openChat(link))
      .catch(() => link.ownerDocument.location.assign('/chat'));
  });
}
