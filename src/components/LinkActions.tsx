/** Where to go next, as buttons: the first link is the main one, the others are outlined. */
export function LinkActions({ links }: { links: readonly { href: string; label: string }[] }) {
  return (
    <div className="actions">
      {links.map((link, i) => (
        <a key={link.href} className={`btn ${i === 0 ? 'btn--primary' : 'btn--outline'}`} href={link.href}>
          {link.label}
        </a>
      ))}
    </div>
  );
}
