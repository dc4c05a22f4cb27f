import { LinkActions } from '../LinkActions.tsx';

/** The two ways on, in the page's language: its words for them and the pages in that language. */
export const signInLinks = (
  words: Readonly<Record<'signInFirst.logIn' | 'signInFirst.join', string>>,
  to: { logIn: string; join: string },
) => [
  { href: to.logIn, label: words['signInFirst.logIn'] },
  { href: to.join, label: words['signInFirst.join'] },
];

const ENGLISH = [
  { href: '/log-in', label: 'Log in' },
  { href: '/sign-up', label: 'Join 48' },
];

/** What a members-only island (offers, refer) shows a visitor who is not signed in: log in (they come back here after) or join; `links` in the page's language. */
export function SignInFirst({
  title,
  children,
  links = ENGLISH,
}: {
  title: string;
  children: string;
  links?: readonly { href: string; label: string }[];
}) {
  return (
    <section className="card stack" aria-labelledby="sign-in-first" data-visitors-only="">
      <h2 id="sign-in-first">{title}</h2>
      <p>{children}</p>
      <LinkActions links={links} />
    </section>
  );
}
