// Findings on an origin: each of its addresses the edge cannot reach (an inactive or backup one
// too: it is there to take requests once it is switched on or the primary fails).
import type { Rec } from '../schema/index.js';
import { isPlainObject } from '../schema/index.js';
import { unreachable } from './address.js';
import { quoted } from './text.js';
import { finding, type LintFinding } from './types.js';

export function lintOrigin(o: Rec): LintFinding[] {
  const addresses = Array.isArray(o.addresses) ? o.addresses : [];
  return addresses.flatMap((item: unknown) => {
    const address = isPlainObject(item) ? item.address : undefined;
    const what = typeof address === 'string' ? unreachable(address) : undefined;
    return what
      ? [finding('origin_unreachable_address', 'origin', o, 'addresses', `${quoted(address)} is ${what}: the edge cannot reach it.`)]
      : [];
  });
}
