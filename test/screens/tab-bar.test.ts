import { describe, expect, it } from 'vitest';
import { tabLabels } from '../../src/screens/configuration/tab-bar.js';
import { cellWidth } from '../../src/ui/text.js';

describe('the tab bar', () => {
  it('names every tab in full where it fits', () => {
    expect(tabLabels('rules', 100).join('')).toBe(' 1 Settings  2 Rules  3 Cache settings  4 Error responses  5 Origins ');
  });

  it('uses short names, then numbers with the current tab named, never a word broken', () => {
    expect(tabLabels('rules', 60).join('')).toBe(' 1 Settings  2 Rules  3 Cache  4 Errors  5 Origins ');
    expect(tabLabels('cache_settings', 40).join('')).toBe(' 1  2  3 Cache  4  5 ');
    for (let width = 22; width <= 120; width++) {
      const labels = tabLabels('error_responses', width);
      expect(cellWidth(labels.join(''))).toBeLessThanOrEqual(width);
      for (const label of labels) expect(label).toMatch(/^ \d( (Settings|Rules|Cache|Cache settings|Errors|Error responses|Origins))? $/);
    }
  });

  it('cuts the line at its end where not even the numbers fit (narrower than the smallest screen)', () => {
    expect(tabLabels('rules', 10).join('')).toBe(' 1  2 Rule');
  });
});
