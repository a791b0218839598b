// The API client's settings from what the command line resolved (the TUI, export and apply share
// them): the API and token, a private CA, and the answer bounds of --max-body, --headers-timeout
// and --body-timeout.
import type { ClientOptions } from '../api/index.js';
import type { TuiFlags } from './args.js';

export interface ConnectionSettings {
  readonly baseUrl: string;
  readonly token: string;
  /** A private CA's certificates (PEM) trusted besides the machine's (--ca-file, a profile's ca_file). */
  readonly extraCa?: string;
  readonly maxBodyBytes?: number;
  readonly headersTimeoutMs?: number;
  readonly bodyTimeoutMs?: number;
}

/** The answer bounds the flags set (none given: the client's defaults). */
export function boundsOf(flags: TuiFlags): Pick<ConnectionSettings, 'maxBodyBytes' | 'headersTimeoutMs' | 'bodyTimeoutMs'> {
  return {
    ...(flags.maxBodyBytes !== undefined ? { maxBodyBytes: flags.maxBodyBytes } : {}),
    ...(flags.headersTimeoutMs !== undefined ? { headersTimeoutMs: flags.headersTimeoutMs } : {}),
    ...(flags.bodyTimeoutMs !== undefined ? { bodyTimeoutMs: flags.bodyTimeoutMs } : {}),
  };
}

export function clientOptionsOf(s: ConnectionSettings): ClientOptions {
  return {
    baseUrl: s.baseUrl,
    token: s.token,
    ...(s.extraCa !== undefined ? { extraCa: s.extraCa } : {}),
    ...(s.maxBodyBytes !== undefined ? { maxBodyBytes: s.maxBodyBytes } : {}),
    timeouts: {
      ...(s.headersTimeoutMs !== undefined ? { headers: s.headersTimeoutMs } : {}),
      ...(s.bodyTimeoutMs !== undefined ? { body: s.bodyTimeoutMs } : {}),
    },
  };
}
