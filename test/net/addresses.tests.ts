// What loading the connector costs: src/net/addresses.ts parses no address range at load (issue 21,
// point 4), and the ranges it parses on first use judge addresses as before.
import type * as Addresses from '../../src/net/addresses';

test('no address range is parsed at load; the first IPv6 check parses the two it needs, once', () => {
  jest.isolateModules(() => {
    const ipaddr = require('ipaddr.js') as typeof import('ipaddr.js');
    const parseCIDR = jest.spyOn(ipaddr, 'parseCIDR');
    const { hostProblem } = require('../../src/net/addresses') as typeof Addresses;
    expect(parseCIDR).not.toHaveBeenCalled();

    expect([
      hostProblem('[64:ff9b::7f00:1]'),
      hostProblem('[4000::1]'),
      hostProblem('[2001:4860:4860::8888]'),
      hostProblem('93.184.216.34'),
    ]).toEqual([
      'must not point at a loopback address in NAT64 form (64:ff9b::7f00:1 = 127.0.0.1)',
      'must not point at an address outside the public IPv6 range (4000::1)',
      undefined,
      undefined,
    ]);
    expect(parseCIDR.mock.calls).toEqual([['2000::/3'], ['64:ff9b::/96']]);
  });
});
