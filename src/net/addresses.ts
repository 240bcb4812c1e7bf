import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import ipaddr from 'ipaddr.js';

/** Strips the brackets WHATWG URL keeps around IPv6 host names. */
export const unbracket = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Parses an IP literal in any notation a URL parser or an OS resolver accepts (IPv4 dotted,
 * decimal, octal and hex forms, IPv6, IPv4-mapped IPv6); `undefined` for a DNS name.
 */
export const parseIp = (hostname: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined => {
  const host = unbracket(hostname);
  if (!ipaddr.isValid(host)) return undefined;
  const parsed = ipaddr.parse(host);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed;
};

/** `localhost` (and its sub-names) or a loopback address: allowed over http for local development. */
export const isLoopbackHost = (hostname: string): boolean => {
  const host = unbracket(hostname).toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const ip = parseIp(host);
  return ip !== undefined && ip.range() === 'loopback';
};

/** Cloud instance-metadata endpoints (AWS, GCP, Azure, ... and AWS's IPv6 one). */
const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254'];
const METADATA_HOSTS = ['metadata.google.internal'];

/** Why an IPv4 range is not public, in words; `unicast` is the only public one. */
const V4_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  reserved: 'a reserved address',
};

const V6_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  loopback: 'a loopback address',
  uniqueLocal: 'a unique-local (private) address',
  deprecatedSiteLocal: 'a site-local (private) address',
  reserved: 'a reserved address',
  teredo: 'a Teredo tunnel address',
  rfc6145: 'an IPv4-translated address',
};

/** The IPv4 address carried in the last 32 bits of an IPv6 address. */
const lowV4 = (ip: ipaddr.IPv6): ipaddr.IPv4 => {
  const parts = ip.parts;
  const hi = parts[6] ?? 0;
  const lo = parts[7] ?? 0;
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
};

/** The IPv4 address a 6to4 prefix (2002:AABB:CCDD::/48) carries. */
const sixToFourV4 = (ip: ipaddr.IPv6): ipaddr.IPv4 => {
  const hi = ip.parts[1] ?? 0;
  const lo = ip.parts[2] ?? 0;
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
};

type Cidr = ReturnType<typeof ipaddr.parseCIDR>;
let cidrs: { globalUnicast: Cidr; nat64WellKnown: Cidr } | undefined;
/** The two IPv6 ranges ipaddr.js has no name for, parsed on first use: nothing is parsed at load. */
const ranges = () =>
  (cidrs ??= {
    globalUnicast: ipaddr.parseCIDR('2000::/3'),
    nat64WellKnown: ipaddr.parseCIDR('64:ff9b::/96'),
  });

interface Problem {
  /** What kind of address it is, e.g. "a loopback address". */
  what: string;
  /** The IPv4 address an IPv6 form leads to. */
  via?: string;
}

const v4Problem = (ip: ipaddr.IPv4): Problem | undefined => {
  if (METADATA_ADDRESSES.includes(ip.toString())) return { what: 'a cloud metadata address' };
  const range = ip.range();
  if (range === 'unicast') return undefined;
  return { what: V4_WORDS[range] ?? 'a special-purpose address' };
};

/** An IPv6 address that embeds an IPv4 one is judged by the IPv4 address it leads to. */
const embedded = (v4: ipaddr.IPv4, form: string, otherwise?: string): Problem | undefined => {
  const problem = v4Problem(v4);
  if (problem !== undefined) return { what: `${problem.what} in ${form}`, via: v4.toString() };
  return otherwise === undefined ? undefined : { what: otherwise, via: v4.toString() };
};

const v6Problem = (ip: ipaddr.IPv6): Problem | undefined => {
  if (METADATA_ADDRESSES.includes(ip.toString())) return { what: 'a cloud metadata address' };
  const range = ip.range();
  if (range === 'ipv4Mapped') return embedded(ip.toIPv4Address(), 'IPv4-mapped form');
  if (ip.match(ranges().nat64WellKnown)) return embedded(lowV4(ip), 'NAT64 form');
  if (range === 'rfc6052') return { what: 'a local-use NAT64 address' };
  if (range === '6to4') return embedded(sixToFourV4(ip), '6to4 form');
  const words = V6_WORDS[range];
  if (words !== undefined) return { what: words };
  if (ip.parts.slice(0, 6).every((part) => part === 0)) {
    return embedded(lowV4(ip), 'IPv4-compatible form', 'a deprecated IPv4-compatible address');
  }
  if (range !== 'unicast') return { what: 'a special-purpose address' };
  if (!ip.match(ranges().globalUnicast)) return { what: 'an address outside the public IPv6 range' };
  return undefined;
};

const problemOf = (ip: ipaddr.IPv4 | ipaddr.IPv6): Problem | undefined =>
  ip.kind() === 'ipv4' ? v4Problem(ip as ipaddr.IPv4) : v6Problem(ip as ipaddr.IPv6);

/** Why an IP address is not a public internet address (`undefined` when it is one). */
export const addressProblem = (ip: ipaddr.IPv4 | ipaddr.IPv6): string | undefined => problemOf(ip)?.what;

/** True for a public internet address (global unicast), in any notation `ipaddr.js` reads. */
export const isPublicAddress = (address: string | ipaddr.IPv4 | ipaddr.IPv6): boolean => {
  if (typeof address !== 'string') return problemOf(address) === undefined;
  const host = unbracket(address.trim());
  if (!ipaddr.isValid(host)) return false;
  return problemOf(ipaddr.parse(host)) === undefined;
};

/** Private-use names that never resolve to a public address. */
const PRIVATE_SUFFIXES = ['.localhost', '.local', '.localdomain', '.internal', '.home.arpa'];

/** Why a host name (as WHATWG URL gives it) is not a public destination (`undefined` when it may be). */
export const hostProblem = (hostname: string): string | undefined => {
  const raw = unbracket(hostname).toLowerCase();
  const host = raw.replace(/\.$/, '');
  if (host === '') return 'must have a host name';
  if (ipaddr.isValid(host)) {
    const problem = problemOf(ipaddr.parse(host));
    if (problem === undefined) return undefined;
    return `must not point at ${problem.what} (${host}${problem.via === undefined ? '' : ` = ${problem.via}`})`;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return `must not point at localhost (${host})`;
  if (METADATA_HOSTS.includes(host)) return `must not point at a cloud metadata service (${host})`;
  const suffix = PRIVATE_SUFFIXES.find((s) => host.endsWith(s));
  if (suffix !== undefined) return `must not point at a private network name (${host})`;
  if (!host.includes('.')) return `must use a full public host name, not "${host}"`;
  return undefined;
};

export type WebhookUrlCheck = { ok: true; url: string } | { ok: false; problem: string };

/**
 * Checks a webhook destination with the rules OpnForm applies when saving one: an absolute https
 * URL, no user info, and a host that is a public name or a public IP address in any notation
 * (WHATWG URL turns decimal, octal, hex and short IPv4 forms into dotted quads; IPv6 forms that
 * carry an IPv4 address are judged by that address). DNS names are not resolved here: OpnForm
 * resolves them when saving and before every delivery. The problem text never repeats the URL
 * (its query may carry a token), only the host. `url` is the normalised URL to send.
 */
export const checkWebhookUrl = (input: string): WebhookUrlCheck => {
  const raw = input.trim();
  const fail = (problem: string): WebhookUrlCheck => ({ ok: false, problem });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point (they are refused)
  if (/[\s\\\u0000-\u001f\u007f]/.test(raw))
    return fail('must not contain spaces, line breaks or backslashes');
  if (!/^https:\/\//i.test(raw)) {
    return fail(
      /^[a-z][a-z0-9+.-]*:/i.test(raw)
        ? 'must start with https:// (other schemes are refused)'
        : 'must be a full URL starting with https://',
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('is not a valid URL');
  }
  const authority = raw.slice('https://'.length).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@') || url.username !== '' || url.password !== '') {
    return fail('must not contain a user name or password (user:password@)');
  }
  const problem = hostProblem(url.hostname);
  if (problem !== undefined) return fail(problem);
  return { ok: true, url: url.href };
};

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup that refuses names resolving to a private, loopback, link-local or metadata address
 * (a public name pointed at 169.254.169.254 must not reach the metadata service from Zapier's workers).
 */
export const publicLookup =
  (allowLoopback: boolean, resolve: typeof dnsLookup = dnsLookup) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as unknown as LookupAddress[];
      const bad = list.find(
        (entry) => !isPublicAddress(entry.address) && !(allowLoopback && isLoopbackHost(entry.address)),
      );
      if (bad !== undefined || list.length === 0) {
        const refused = Object.assign(new Error(`${hostname} resolves to a non-public address`), {
          code: 'EADDRNOTPUBLIC',
        });
        return callback(refused, '');
      }
      if (options.all) return callback(null, list);
      const first = list[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };

/** An agent whose DNS answers must be public addresses (loopback too when allowed). */
export const publicAgent = (protocol: string, allowLoopback: boolean): HttpAgent | HttpsAgent => {
  const lookup = publicLookup(allowLoopback);
  return protocol === 'https:' ? new HttpsAgent({ lookup }) : new HttpAgent({ lookup });
};
