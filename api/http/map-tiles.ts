/**
 * A deployment's map tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). Without them the web draws its offline base layer
 * (countries from world-atlas); with them it adds a tile layer, and the content security policy lets the browser
 * load images from the tiles' origin.
 */
export interface MapTiles {
  /** A tile URL template with {z}, {x} and {y}, e.g. https://tiles.example.org/{z}/{x}/{y}.png */
  url: string;
  attribution: string;
}

/** The settings, null when MAP_TILE_URL is unset or blank; a malformed template stops the start. */
export function mapTilesOf(url: string | undefined, attribution: string | undefined): MapTiles | null {
  const u = url?.trim();
  if (!u) return null;
  let parsed: URL;
  try {
    parsed = new URL(u.replace(/\{[a-z]+\}/g, '0'));
  } catch {
    throw new Error(`MAP_TILE_URL must be a URL template (got ${u})`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`MAP_TILE_URL must be http(s) (got ${u})`);
  for (const part of ['{z}', '{x}', '{y}'])
    if (!u.includes(part)) throw new Error(`MAP_TILE_URL must contain ${part} (got ${u})`);
  return { url: u, attribution: attribution?.trim() ?? '' };
}

/** The origin the tiles come from (for img-src), with the {s} subdomain placeholder as a wildcard. */
export function tileOrigin(tiles: MapTiles): string {
  const m = /^(https?:\/\/[^/]+)/.exec(tiles.url);
  return (m?.[1] ?? '').replace('{s}', '*');
}
