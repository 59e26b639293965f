import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../app.ts';
import { mapTilesOf, tileOrigin } from './map-tiles.ts';

describe('map tiles settings (MAP_TILE_URL, MAP_TILE_ATTRIBUTION)', () => {
  it('are absent without a URL, and read a template with its attribution', () => {
    expect(mapTilesOf(undefined, 'x')).toBeNull();
    expect(mapTilesOf('  ', undefined)).toBeNull();
    expect(mapTilesOf('https://{s}.tiles.example.org/{z}/{x}/{y}.png', ' © Example ')).toEqual({
      url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
  });

  it('refuse a template without {z}/{x}/{y} or of another scheme', () => {
    expect(() => mapTilesOf('https://tiles.example.org/{z}/{x}.png', '')).toThrow(/\{y\}/);
    expect(() => mapTilesOf('javascript:alert(1)/{z}/{x}/{y}', '')).toThrow(/http/);
    expect(() => mapTilesOf('not a url {z}{x}{y}', '')).toThrow(/template/);
  });

  it('open img-src to the tiles origin only when set', () => {
    expect(contentSecurityPolicy(null)).toBe(CONTENT_SECURITY_POLICY);
    const tiles = { url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '' };
    expect(tileOrigin(tiles)).toBe('https://*.tiles.example.org');
    expect(contentSecurityPolicy(tiles)).toContain("img-src 'self' data: blob: https://*.tiles.example.org;");
    expect(contentSecurityPolicy(tiles)).toContain("connect-src 'self'");
  });
});
