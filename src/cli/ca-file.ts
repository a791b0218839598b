// --ca-file FILE (or a profile's "ca_file"): the PEM certificates of a private CA, trusted for one
// profile besides the machine's. Read and checked before anything connects: a file that is missing,
// unreadable or not PEM certificates is a usage error of one sentence.
import { readFileSync } from 'node:fs';
import { nodeCrypto } from '../util/builtins.js';
import { pathReason } from '../store/disk-words.js';
import { UsageError } from './errors.js';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of `path` as PEM text; `from` says where the path came from (`--ca-file`, `profile "prod"`). */
export function readCaFile(path: string, from: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read the CA file ${path} (from ${from}): ${pathReason(e, path, 'read')}`);
  }
  const blocks = text.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0)
    throw new UsageError(
      `the CA file ${path} (from ${from}) holds no PEM certificate ("-----BEGIN CERTIFICATE-----" … "-----END CERTIFICATE-----")`,
    );
  // node:crypto is loaded here only: a start without --ca-file does not need it.
  const { X509Certificate } = nodeCrypto();
  blocks.forEach((block, i) => {
    try {
      new X509Certificate(block);
    } catch {
      throw new UsageError(
        `the CA file ${path} (from ${from}) holds a certificate that cannot be read (certificate ${i + 1} of ${blocks.length})`,
      );
    }
  });
  return `${blocks.join('\n')}\n`;
}
