// Reads the visible cells of a headless xterm (text, colours, attributes) into the plain
// ScreenSnapshot that render-png draws. Only erasable TypeScript (see keys.ts).
import type { IBufferCell, Terminal } from '@xterm/headless';
import type { CellColor, CellSnapshot, ScreenSnapshot } from './render-png.js';

function color(mode: 'fg' | 'bg', cell: IBufferCell): CellColor {
  const rgb = mode === 'fg' ? cell.isFgRGB() : cell.isBgRGB();
  const palette = mode === 'fg' ? cell.isFgPalette() : cell.isBgPalette();
  const value = mode === 'fg' ? cell.getFgColor() : cell.getBgColor();
  if (rgb) return { mode: 'rgb', rgb: value };
  if (palette) return { mode: 'palette', index: value };
  return { mode: 'default' };
}

/** The visible cells of the active buffer, with colours and attributes. */
export function snapshot(term: Terminal): ScreenSnapshot {
  const buf = term.buffer.active;
  const cell = buf.getNullCell();
  const cells: CellSnapshot[][] = [];
  for (let r = 0; r < term.rows; r++) {
    const line = buf.getLine(buf.viewportY + r);
    const row: CellSnapshot[] = [];
    for (let c = 0; c < term.cols; c++) {
      if (!line?.getCell(c, cell)) {
        row.push({ chars: ' ', width: 1, fg: { mode: 'default' }, bg: { mode: 'default' } });
        continue;
      }
      row.push({
        chars: cell.getChars(),
        width: cell.getWidth(),
        fg: color('fg', cell),
        bg: color('bg', cell),
        bold: cell.isBold() !== 0,
        dim: cell.isDim() !== 0,
        italic: cell.isItalic() !== 0,
        underline: cell.isUnderline() !== 0,
        inverse: cell.isInverse() !== 0,
        invisible: cell.isInvisible() !== 0,
        strikethrough: cell.isStrikethrough() !== 0,
      });
    }
    cells.push(row);
  }
  return { cols: term.cols, rows: term.rows, cells };
}
