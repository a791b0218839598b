// The PNG renderer behind scripts/screenshot.mjs: colours as a terminal shows them, and a file
// that any PNG reader accepts (chunks with valid CRCs, rows that inflate to the drawn pixels).
import { describe, expect, it } from 'vitest';
import { crc32, inflateSync } from 'node:zlib';
import { DARK_THEME, cellColors, encodePng, glyphFor, paletteColor, renderPng, renderScreen, type CellSnapshot } from './render-png.js';
import { FONT_8X16 } from './font-8x16.js';

const plain = (chars: string, extra: Partial<CellSnapshot> = {}): CellSnapshot => ({
  chars,
  width: 1,
  fg: { mode: 'default' },
  bg: { mode: 'default' },
  ...extra,
});

/** The chunks of a PNG file, checking each CRC. */
function chunks(png: Buffer): Array<{ type: string; body: Buffer }> {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    out.push({ type, body });
    at += 12 + length;
  }
  return out;
}

describe('render-png', () => {
  it('maps the xterm 256-colour palette and truecolor', () => {
    expect(paletteColor(1)).toBe(DARK_THEME.ansi[1]);
    expect(paletteColor(196)).toBe(0xff0000); // cube 5,0,0
    expect(paletteColor(16)).toBe(0x000000);
    expect(paletteColor(232)).toBe(0x080808); // first grey
    expect(cellColors(plain('x', { fg: { mode: 'rgb', rgb: 0xff8000 } })).fg).toBe(0xff8000);
  });

  it('draws inverse, bold-is-bright and dim as a terminal does', () => {
    const { foreground, background } = DARK_THEME;
    expect(cellColors(plain('x', { inverse: true }))).toEqual({ fg: background, bg: foreground });
    expect(cellColors(plain('x', { bold: true, fg: { mode: 'palette', index: 1 } })).fg).toBe(DARK_THEME.ansi[9]);
    const dim = cellColors(plain('x', { dim: true })).fg;
    expect(dim).toBeLessThan(foreground);
    expect(dim).toBeGreaterThan(background);
  });

  it('has the box-drawing and TUI symbols, and a visible box for the rest', () => {
    for (const ch of 'AZaz09~─│┌┐└┘├┤┬┴┼╭╮╰╯›→✓✗●▲▼…') expect(FONT_8X16.has(ch.codePointAt(0)!), ch).toBe(true);
    expect(glyphFor(' ')).toBeUndefined();
    const missing = glyphFor('日');
    expect(missing).toBeDefined();
    expect(missing!.some((row) => row !== 0)).toBe(true);
  });

  it('writes a PNG whose pixels are the rendered screen', () => {
    const snap = { cols: 2, rows: 1, cells: [[plain('█'), plain(' ', { bg: { mode: 'palette', index: 196 } })]] };
    const image = renderScreen(snap, { padding: 0 });
    expect([image.width, image.height]).toEqual([16, 16]);
    const parts = chunks(encodePng(image));
    expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(parts[0]!.body.readUInt32BE(0)).toBe(16);
    const rows = inflateSync(parts[1]!.body);
    expect(rows.length).toBe(16 * (1 + 16 * 3));
    const pixel = (x: number, y: number) => rows.readUIntBE(y * 49 + 1 + x * 3, 3);
    expect(pixel(3, 8)).toBe(DARK_THEME.foreground); // inside the full block
    expect(pixel(12, 8)).toBe(0xff0000); // the red background cell
    const scaled = chunks(renderPng(snap, { padding: 0, scale: 3 }));
    expect(scaled[0]!.body.readUInt32BE(0)).toBe(48);
  });
});
