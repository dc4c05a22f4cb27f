// Dropdowns open on hover and on the keyboard and close on mouse leave, Escape or when
// focus leaves them; the hamburger toggles the mobile menu, which any navigation closes.
const dropdowns = [...document.querySelectorAll<HTMLElement>('[data-dropdown]')];

function parts(item: HTMLElement) {
  const button = item.querySelector<HTMLButtonElement>('button')!;
  const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
  return { button, panel, links: [...panel.querySelectorAll<HTMLAnchorElement>('a')] };
}

function setOpen(item: HTMLElement, open: boolean) {
  const { button, panel } = parts(item);
  button.setAttribute('aria-expanded', String(open));
  panel.hidden = !open;
}

for (const item of dropdowns) {
  const { button, links } = parts(item);
  const openAlone = () => {
    for (const other of dropdowns) if (other !== item) setOpen(other, false);
    setOpen(item, true);
  };
  // A pointer reaches the toggle (and opens it by hover) before it clicks: that first click
  // confirms the open dropdown instead of closing it; the next click closes it.
  let openedByHover = false;
  item.addEventListener('mouseenter', () => {
    openAlone();
    openedByHover = true;
  });
  item.addEventListener('mouseleave', () => setOpen(item, false));
  button.addEventListener('click', (event) => {
    // Keyboard activation is handled on keydown; a click with detail 0 came from the keyboard.
    if (event.detail === 0) return;
    if (button.getAttribute('aria-expanded') === 'true' && !openedByHover) setOpen(item, false);
    else openAlone();
    openedByHover = false;
  });
  button.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      // The item's own handler would otherwise see this key again and move past the first link.
      event.stopPropagation();
      openAlone();
      links[0]?.focus();
    }
  });
  item.addEventListener('keydown', (event) => {
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      setOpen(item, false);
      button.focus();
    } else if (event.key === 'ArrowDown' && index >= 0) {
      event.preventDefault();
      links[(index + 1) % links.length]?.focus();
    } else if (event.key === 'ArrowUp' && index >= 0) {
      event.preventDefault();
      links[(index - 1 + links.length) % links.length]?.focus();
    }
  });
  item.addEventListener('focusout', (event) => {
    if (!item.contains(event.relatedTarget as Node | null)) setOpen(item, false);
  });
}

const hamburger = document.querySelector<HTMLButtonElement>('.hamburger')!;
const mobileMenu = document.getElementById('mobile-menu')!;
const setMobile = (open: boolean) => {
  hamburger.setAttribute('aria-expanded', String(open));
  mobileMenu.hidden = !open;
};
hamburger.addEventListener('click', () => setMobile(hamburger.getAttribute('aria-expanded') !== 'true'));
mobileMenu.addEventListener('click', (event) => {
  if ((event.target as Element).closest('a')) setMobile(false);
});
mobileMenu.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') {
    setMobile(false);
    hamburger.focus();
  }
});
// A page restored from the back-forward cache must not come back with the menu open.
window.addEventListener('pageshow', () => setMobile(false));
