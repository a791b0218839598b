// Renders a terminal screen (text + colours + attributes per cell) to a PNG, with no native
// module and no network: an 8x16 bitmap font drawn into an RGB buffer, encoded with node:zlib
// (deflate, crc32). Pure functions apart from writePng. Only erasable TypeScript (see keys.ts).
import { crc32, deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { FONT_8X16, GLYPH_HEIGHT, GLYPH_WIDTH } from './font-8x16.js';

/** A cell colour as the terminal stores it: the default, a 256-colour index, or 0xRRGGBB. */
export type CellColor =
  { readonly mode: 'default' } | { readonly mode: 'palette'; readonly index: number } | { readonly mode: 'rgb'; readonly rgb: number };

export interface CellSnapshot {
  /** The character(s) of the cell; '' for the cell after a wide character. */
  readonly chars: string;
  /** 1, 2 for a wide character, 0 for the cell it covers. */
  readonly width: number;
  readonly fg: CellColor;
  readonly bg: CellColor;
  readonly bold?: boolean;
  readonly dim?: boolean;
  /** Not drawn slanted: the font has no italic. */
  readonly italic?: boolean;
  readonly underline?: boolean;
  readonly inverse?: boolean;
  readonly invisible?: boolean;
  readonly strikethrough?: boolean;
}

export interface ScreenSnapshot {
  readonly cols: number;
  readonly rows: number;
  /** `rows` rows of `cols` cells. */
  readonly cells: readonly (readonly CellSnapshot[])[];
}

export interface Theme {
  /** 0xRRGGBB */
  readonly background: number;
  readonly foreground: number;
  /** The 16 ANSI colours: 0-7 normal, 8-15 bright. */
  readonly ansi: readonly number[];
}

/** A dark theme: Tango-like ANSI colours on near-black. */
export const DARK_THEME: Theme = {
  background: 0x1c1c1c,
  foreground: 0xd0d0d0,
  ansi: [
    0x2e3436, 0xcc0000, 0x4e9a06, 0xc4a000, 0x3465a4, 0x75507b, 0x06989a, 0xd3d7cf, 0x555753, 0xef2929, 0x8ae234, 0xfce94f, 0x729fcf,
    0xad7fa8, 0x34e2e2, 0xeeeeec,
  ],
};

export interface RenderOptions {
  /** @default DARK_THEME */
  readonly theme?: Theme;
  /** Integer zoom (nearest neighbour). @default 1 */
  readonly scale?: number;
  /** Margin around the screen, in unscaled pixels, in the background colour. @default 8 */
  readonly padding?: number;
}

/** The xterm 256-colour palette: 16 theme colours, a 6x6x6 cube, 24 greys. */
export function paletteColor(index: number, theme: Theme = DARK_THEME): number {
  if (index < 16) return theme.ansi[index] ?? theme.foreground;
  if (index < 232) {
    const i = index - 16;
    const level = (v: number) => (v === 0 ? 0 : 55 + v * 40);
    return (level(Math.floor(i / 36)) << 16) | (level(Math.floor(i / 6) % 6) << 8) | level(i % 6);
  }
  const grey = 8 + (index - 232) * 10;
  return (grey << 16) | (grey << 8) | grey;
}

function resolve(c: CellColor, fallback: number, theme: Theme, bright: boolean): number {
  if (c.mode === 'rgb') return c.rgb;
  if (c.mode === 'palette') return paletteColor(bright && c.index < 8 ? c.index + 8 : c.index, theme);
  return fallback;
}

function blend(a: number, b: number, t: number): number {
  const ch = (shift: number) => Math.round(((a >> shift) & 255) * (1 - t) + ((b >> shift) & 255) * t) << shift;
  return ch(16) | ch(8) | ch(0);
}

/** The foreground and background a person sees for a cell (bold-is-bright, inverse, dim, invisible). */
export function cellColors(cell: CellSnapshot, theme: Theme = DARK_THEME): { fg: number; bg: number } {
  let fg = resolve(cell.fg, theme.foreground, theme, cell.bold === true);
  let bg = resolve(cell.bg, theme.background, theme, false);
  if (cell.inverse) [fg, bg] = [bg, fg];
  if (cell.dim) fg = blend(fg, bg, 0.5);
  if (cell.invisible) fg = bg;
  return { fg, bg };
}

/** An outlined box: drawn for a character the font lacks, so it is visible rather than blank. */
function missingGlyph(): Uint8Array {
  const g = new Uint8Array(GLYPH_HEIGHT);
  for (let y = 3; y <= 12; y++) g[y] = y === 3 || y === 12 ? 0x7e : 0x42;
  return g;
}
const MISSING = missingGlyph();

/** The glyph for a cell's text (its first code point), or the missing-glyph box. */
export function glyphFor(chars: string): Uint8Array | undefined {
  const cp = chars.codePointAt(0);
  if (cp === undefined || cp === 0x20) return undefined;
  return FONT_8X16.get(cp) ?? MISSING;
}

export interface RgbImage {
  readonly width: number;
  readonly height: number;
  /** 3 bytes per pixel, rows top to bottom. */
  readonly data: Uint8Array;
}

/** Draws the screen into an RGB image at scale 1. */
export function renderScreen(snap: ScreenSnapshot, options: RenderOptions = {}): RgbImage {
  const theme = options.theme ?? DARK_THEME;
  const pad = options.padding ?? 8;
  const width = snap.cols * GLYPH_WIDTH + 2 * pad;
  const height = snap.rows * GLYPH_HEIGHT + 2 * pad;
  const data = new Uint8Array(width * height * 3);
  const put = (x: number, y: number, rgb: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 3;
    data[i] = (rgb >> 16) & 255;
    data[i + 1] = (rgb >> 8) & 255;
    data[i + 2] = rgb & 255;
  };
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) put(x, y, theme.background);
  snap.cells.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (cell.width === 0) return; // covered by the wide character before it
      const { fg, bg } = cellColors(cell, theme);
      const x0 = pad + c * GLYPH_WIDTH;
      const y0 = pad + r * GLYPH_HEIGHT;
      const cellWidth = GLYPH_WIDTH * Math.max(1, cell.width);
      for (let y = 0; y < GLYPH_HEIGHT; y++) for (let x = 0; x < cellWidth; x++) put(x0 + x, y0 + y, bg);
      const glyph = glyphFor(cell.chars);
      if (glyph) {
        const dx = cell.width === 2 && glyph === MISSING ? GLYPH_WIDTH / 2 : 0; // centre the box of a wide char
        for (let y = 0; y < GLYPH_HEIGHT; y++) {
          const bits = glyph[y] ?? 0;
          for (let x = 0; x < GLYPH_WIDTH; x++) {
            if (!(bits & (0x80 >> x))) continue;
            put(x0 + dx + x, y0 + y, fg);
            if (cell.bold) put(x0 + dx + x + 1, y0 + y, fg); // bold: smear one pixel right
          }
        }
      }
      if (cell.underline) for (let x = 0; x < cellWidth; x++) put(x0 + x, y0 + GLYPH_HEIGHT - 2, fg);
      if (cell.strikethrough) for (let x = 0; x < cellWidth; x++) put(x0 + x, y0 + GLYPH_HEIGHT / 2, fg);
    });
  });
  return { width, height, data };
}

/** Nearest-neighbour integer zoom. */
export function scaleImage(img: RgbImage, scale: number): RgbImage {
  if (scale === 1) return img;
  const width = img.width * scale;
  const height = img.height * scale;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const srcRow = Math.floor(y / scale) * img.width;
    for (let x = 0; x < width; x++) {
      const s = (srcRow + Math.floor(x / scale)) * 3;
      data.set(img.data.subarray(s, s + 3), (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** A PNG file (8-bit RGB, no interlace, filter 0 on every row) of an RGB image. */
export function encodePng(img: RgbImage): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, filter set 0, no interlace
  const stride = img.width * 3;
  const raw = Buffer.alloc((stride + 1) * img.height);
  for (let y = 0; y < img.height; y++) raw.set(img.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** The PNG of a screen. */
export function renderPng(snap: ScreenSnapshot, options: RenderOptions = {}): Buffer {
  return encodePng(scaleImage(renderScreen(snap, options), options.scale ?? 1));
}

/** Writes the PNG of a screen to `file`, creating its folder. */
export function writePng(file: string, snap: ScreenSnapshot, options: RenderOptions = {}): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, renderPng(snap, options));
}
