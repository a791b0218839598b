// What the command line hands to the TUI once it has resolved flags, environment and profiles.
export interface TuiOptions {
  readonly baseUrl: string;
  readonly token: string;
  /** Shown in the header: `DEMO`, the profile's name, or the API's host. */
  readonly label: string;
  readonly demo: boolean;
  readonly readOnly: boolean;
  /** Where the draft journal lives ($XDG_STATE_HOME/cdn-tui). */
  readonly stateDir: string;
  /** Where lists are kept between sessions ($XDG_CACHE_HOME/cdn-tui); absent: nothing is kept or read (--no-cache, the demo). */
  readonly keepDir?: string;
  /** One sentence for the status line at start (e.g. a setting that was ignored). */
  readonly notice?: string;
  /** The bounds of an answer (--max-body, --headers-timeout, --body-timeout); absent: the API client's defaults. */
  readonly maxBodyBytes?: number;
  readonly headersTimeoutMs?: number;
  readonly bodyTimeoutMs?: number;
}
