import { isIPv6 } from 'node:net';

/**
 * The network a client address belongs to, as limits count clients: the first `ipv4` bits of an
 * IPv4 address (a multiple of 8) or the first `ipv6` bits of an IPv6 one (a multiple of 16), written
 * as a prefix — `203.0.113.0/24`, `2001:db8:1::/48`. A household or a phone moves within its IPv6
 * /64, and an attacker gets a whole range as easily as one address.
 */
export function networkOf(address: string, { ipv4, ipv6 }: { ipv4: number; ipv6: number }): string {
  if (!isIPv6(address)) {
    if (ipv4 >= 32) return address;
    const octets = address.split('.').slice(0, ipv4 / 8);
    return `${[...octets, ...Array(4 - octets.length).fill('0')].join('.')}/${ipv4}`;
  }
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  const kept = groups.slice(0, ipv6 / 16).map((group) => Number.parseInt(group || '0', 16).toString(16));
  return `${kept.join(':')}::/${ipv6}`;
}
