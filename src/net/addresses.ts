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
