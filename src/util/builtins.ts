// Node built-ins that only some runs need, loaded when first asked for rather than at start:
// node:tls (a --ca-file), node:crypto (checking one), node:https (the emulator's --tls-cert),
// node:child_process (~6 ms with dgram and net: an editor or `ps` now and then), node:fs/promises
// (~3 ms with readline: a file written in the background), node:http (~3 ms: a status's reason
// phrase, for an error; undici's client needs it no sooner, see scripts/build.mjs). Through require(), typed by the
// function (require itself answers `any`); a static import would load them at every start.
import { createRequire as makeRequire } from 'node:module';

const load = makeRequire(import.meta.url);

export const nodeTls = (): typeof import('node:tls') => load('node:tls');
export const nodeCrypto = (): typeof import('node:crypto') => load('node:crypto');
export const nodeHttps = (): typeof import('node:https') => load('node:https');
export const nodeHttp = (): typeof import('node:http') => load('node:http');

/** The reason phrase of an HTTP status (`404` → `Not Found`), undefined for a status Node does not name. */
export const reasonPhrase = (status: number): string | undefined => nodeHttp().STATUS_CODES[status];
export const nodeChildProcess = (): typeof import('node:child_process') => load('node:child_process');
export const nodeFsPromises = (): typeof import('node:fs/promises') => load('node:fs/promises');
