// Whether dist/ was built from the inputs as they are now, so that `npm start` and
// `npm run cdn-tui` build only when something changed (a build takes ~2 s here, 30 s on a slow
// box). The stamp is one hash of every input's path and bytes, written by each build that ends
// well; it is fresh when the inputs hash the same and every file the build wrote is still there.
// Bytes, not times: a `git checkout` back and forth or a `touch` changes times, not the bundle,
// and a copy that keeps old times (`cp -p`, an unpacked archive) can still change the bytes.
//
// The stamp lives in node_modules/.cache, not in dist/: dist/ is what the package ships
// (package.json `files`), and a reinstall of the dependencies, which can change the bundle,
// takes the stamp with it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * What a build reads, relative to the project root: the sources, the build script itself, what
 * esbuild reads of the project (tsconfig.json), and what says which dependencies are installed
 * (the lockfile, and npm's record of node_modules, which changes with every install that changes it).
 */
const INPUT_FOLDERS = ['src'];
const INPUT_FILES = [
  'scripts/build.mjs',
  'scripts/build-stamp.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'node_modules/.package-lock.json',
];

/** Where the stamp of the project at `root` is kept. */
export function stampFile(root) {
  return join(root, 'node_modules', '.cache', 'cdn-tui-build', 'stamp.json');
}

/** Every file under `dir` (relative to `root`, with `/`), sorted, so that the hash is the same on every box. */
function filesUnder(root, dir) {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(root, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    );
}

/** One hash of every input's path and bytes (a missing file counts as missing, not as empty). */
export function inputsHash(root) {
  const paths = [...new Set([...INPUT_FOLDERS.flatMap((dir) => filesUnder(root, dir)), ...INPUT_FILES])].sort();
  const hash = createHash('sha256');
  for (const path of paths) {
    const file = join(root, path);
    hash.update(`${path}\0`);
    hash.update(existsSync(file) ? readFileSync(file) : '\0missing\0');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The files of dist/ (relative to `root`), as a build left them. */
export function distFiles(root) {
  return filesUnder(root, 'dist');
}

/** Whether dist/ is the build of inputs that hash to `hash`: the stamp says so and every file it lists is there. */
export function isFresh(root, hash) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(root), 'utf8'));
  } catch {
    return false; // no stamp (never built this way, dependencies reinstalled) or a damaged one
  }
  if (stamp?.inputs !== hash || !Array.isArray(stamp.outputs) || stamp.outputs.length === 0) return false;
  return stamp.outputs.every((path) => typeof path === 'string' && existsSync(join(root, path)) && statSync(join(root, path)).isFile());
}

/** Records that dist/ as it is now was built from inputs that hashed to `hash`. */
export function writeStamp(root, hash) {
  const file = stampFile(root);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ inputs: hash, outputs: distFiles(root) }, null, 1)}\n`);
}
