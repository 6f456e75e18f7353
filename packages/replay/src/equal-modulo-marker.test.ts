import { describe, expect, it } from 'vitest';
import { equalModuloMarker } from './equal-modulo-marker.js';

describe('equalModuloMarker', () => {
  it('lets a marker stand for any text on either side, case aside', () => {
    expect(equalModuloMarker({ t: 'open [forgotten].csv failed' }, { t: 'open [FORGOTTEN].csv failed' })).toBe(true);
    expect(equalModuloMarker({ t: 'cut at [FORG' }, { t: 'cut at [FORGOTTEN]' })).toBe(true);
    expect(equalModuloMarker({ t: 'abc' }, { t: 'x [FORGOTTEN] y' })).toBe(false);
  });

  it('still requires the same shape and the same text around the marker', () => {
    expect(equalModuloMarker({ t: 'a [FORGOTTEN] b', n: 1 }, { t: 'a [FORGOTTEN] b', n: 2 })).toBe(false);
    expect(equalModuloMarker({ t: ['x'] }, { t: ['x', '[FORGOTTEN]'] })).toBe(false);
    expect(equalModuloMarker({ t: 'A [FORGOTTEN]' }, { t: 'B [FORGOTTEN]' })).toBe(false);
  });

  it('skips hashed fields only when the event carries a marker', () => {
    expect(equalModuloMarker({ id: 'h1', s: '[FORGOTTEN]' }, { id: 'h2', s: '[FORGOTTEN]' }, ['id'])).toBe(true);
    expect(equalModuloMarker({ id: 'h1', s: 'plain' }, { id: 'h2', s: 'plain' }, ['id'])).toBe(false);
  });
});
