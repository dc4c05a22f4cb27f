import type { IncomingHttpHeaders } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * Behind a proxy, a CDN or a load balancer (docs/product/production.md): the client's address, scheme and host
 * come from the forwarded headers only when the connecting peer is a trusted proxy (TRUST_PROXY:
 * addresses or CIDR ranges, `loopback` for 127.0.0.0/8 and ::1). The address is the right-most one of
 * X-Forwarded-For that is not itself trusted (proxy-addr, Express's own reading); from anyone else
 * the headers change nothing, so a visitor cannot choose its own address for the rate limits.
 */
export type Trust = (address: string, hop: number) => boolean;

const NOBODY: Trust = () => false;

/** The trust function of TRUST_PROXY's entries; throws on an entry that is not an address, a range or a name proxy-addr knows. */
export function trustOf(entries: readonly string[]): Trust {
  return entries.length === 0 ? NOBODY : proxyaddr.compile([...entries]);
}

export interface ClientView {
  /** The client's address, for rate limits, captcha, geolocation, logs and the mates-rates ip. */
  ip: string;
  proto: 'http' | 'https';
  /** host[:port] as the client asked for it. */
  host: string;
  /** proto://host */
  origin: string;
}

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/** How the client sees this request: through trusted proxies, or straight from the socket. */
export function clientView(
  remote: string | undefined,
  headers: IncomingHttpHeaders,
  direct: { proto: 'http' | 'https'; host: string },
  trust: Trust,
): ClientView {
  const peer = remote ?? '';
  const trusted = peer !== '' && trust(peer, 0);
  const ip =
    peer === ''
      ? 'unknown'
      : trusted
        ? proxyaddr({ headers, connection: { remoteAddress: peer }, socket: { remoteAddress: peer } } as never, trust)
        : peer;
  const forwardedProto = trusted ? first(headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : direct.proto;
  const forwardedHost = trusted ? first(headers['x-forwarded-host']) : undefined;
  const host =
    forwardedHost && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(forwardedHost)
      ? forwardedHost
      : direct.host;
  return { ip, proto, host, origin: `${proto}://${host}` };
}
