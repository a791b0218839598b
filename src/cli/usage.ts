// Help text and version: kept free of heavy imports so `--help` and `--version` start fast.
export { VERSION } from '../util/version.js';

export const USAGE = `Usage:
  cdn-tui [--base-url URL] [--token TOKEN | --token-file FILE] [--profile NAME] [--read-only] [--demo]
          [--max-body SIZE] [--headers-timeout SECONDS] [--body-timeout SECONDS] [--ca-file FILE]
          [--no-cache]
  cdn-tui login [--base-url URL] [--profile NAME] [--user NAME] [--password-stdin] [--ca-file FILE]
  cdn-tui serve [options]
  cdn-tui completion bash|zsh|fish
  cdn-tui export ID [--out FILE]        cdn-tui export --all --out DIR
  cdn-tui apply FILE|DIR|- [--to [PROFILE:]ID|NAME [--prune]] [--dry-run] [--yes]
  cdn-tui diff A B                      (A, B: [PROFILE:]ID|NAME, an export file, or -)
  cdn-tui purge URL... [--wildcard | --cachekey] [--dry-run]
  cdn-tui lint [PROFILE:]ID|NAME|FILE|--all [--json] [--ignore CODE]...
  cdn-tui find QUERY [--json]
  cdn-tui bulk QUERY --set FIELD=VALUE... [--dry-run | --yes]
  cdn-tui --help | --version

The terminal UI for CDN content delivery configurations. With no base URL and token from the
flags, the environment or a profile, it runs the demo: an embedded emulator with sample data.

Options:
  --base-url URL      the API, e.g. https://api.example.com
  --token TOKEN       the API token (visible to other users in ps: prefer --token-file,
                      CDN_TUI_TOKEN or a profile from cdn-tui login)
  --token-file FILE   read the token from FILE, mode 0600: refused if others can read it
                      (surrounding whitespace is ignored)
  --profile NAME      use profile NAME of the config file
  --read-only         no write key works; the header says READ-ONLY
  --demo              the demo, whatever is configured
  --no-cache          neither show nor keep the lists kept from earlier starts
                      ($XDG_CACHE_HOME/cdn-tui, else ~/.cache/cdn-tui)
  --max-body SIZE     the largest answer read: bytes or 32MiB, 64MB, 512KiB (default 32MiB);
                      a larger one is abandoned and not asked again on its own
  --headers-timeout SECONDS  the longest wait for an answer to start (default 30)
  --body-timeout SECONDS     the longest a whole answer may take to arrive (default 120)
  --ca-file FILE      also trust this private CA (PEM) for the API (the profile's, from login)
  --help, -h          this help
  --version, -v       the version

Commands:
  login               ask a user name and a password (no echo), get a token (POST /tokens) and
                      save it in the profile (default "default"); see cdn-tui login --help
  serve [options]     the local emulator of the Content Delivery API (cdn-tui serve --help)
  completion SHELL    print the completion script for bash, zsh or fish (cdn-tui completion --help)
  export ID           a configuration with its rules, cache settings and error responses as JSON;
                      --all --out DIR: every configuration, one file each (cdn-tui export --help)
  apply FILE          send what an (edited) export changes, after its review; --to: onto another
                      configuration, of any profile (cdn-tui apply --help)
  diff A B            how two configurations differ (any profiles, or files), as -/+ lines
                      (cdn-tui diff --help)
  purge URL...        remove cached objects by URL, cache key or wildcard; exit 1 when some
                      hosts are not the account's (cdn-tui purge --help)
  lint TARGET         warnings for what the API accepts but that breaks a site (an https
                      certificate, an unreachable origin, a runaway regex); exit 1 when there
                      are some (cdn-tui lint --help)
  find QUERY          the records a query matches in every configuration (gzip:false,
                      behavior:redirect in:shop*), one a line; exit 1 when none (cdn-tui find --help)
  bulk QUERY          set fields of every match (--set gzip=true), after one review grouped by
                      configuration, paced by the rate limit (cdn-tui bulk --help)

Environment (flags win over the environment, which wins over the profile):
  CDN_TUI_BASE_URL, CDN_TUI_TOKEN, CDN_TUI_PROFILE
  CDN_TUI_CONFIG      the config file (default $XDG_CONFIG_HOME/cdn-tui/config.json,
                      else ~/.config/cdn-tui/config.json)
  XDG_STATE_HOME      drafts are journaled in $XDG_STATE_HOME/cdn-tui (~/.local/state/cdn-tui)
  XDG_CACHE_HOME      lists are kept in $XDG_CACHE_HOME/cdn-tui (~/.cache/cdn-tui), per API
  NO_COLOR            no colour;  VISUAL, EDITOR: the editor of "e"
  CDN_TUI_DEBUG=1     show stack traces of unexpected errors
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   the proxy to the API, and hosts reached without it
  NODE_EXTRA_CA_CERTS  a PEM file of CAs trusted for every connection (read by Node at start)

Config file (mode 0600; a token in a file others can read is refused):
  {"profiles": {"prod": {"base_url": "https://api.example.com", "token": "…"}}, "default": "prod"}

Needs an interactive terminal (over ssh: ssh -t). Exit codes: 0 done, 1 error, 2 bad usage.
`;

export const LOGIN_USAGE = `Usage: cdn-tui login [--base-url URL] [--profile NAME] [--user NAME] [--password-stdin] [--ca-file FILE]

Asks a user name and a password (the password is not echoed), gets a token from the API
(POST /tokens) and saves the base URL and the token in the profile of the config file, created
with mode 0600 in a 0700 folder. Other profiles are kept; the first one becomes the default.

Options:
  --base-url URL      the API (default: CDN_TUI_BASE_URL, else the profile's base URL)
  --profile NAME      the profile to write (default: CDN_TUI_PROFILE, else "default")
  --user NAME         the user name (not asked)
  --password-stdin    read the password from stdin instead of asking, for scripts; needs --user:
                        printf '%s\\n' "$PASSWORD" | cdn-tui login --user alice --password-stdin
                      (one trailing newline is dropped)
  --ca-file FILE      also trust this private CA (PEM) for the API; its path is saved in the
                      profile (default: the profile's)

Without a terminal on stdin and without --password-stdin, login refuses (exit 2) rather than
read a password that would be echoed. Ctrl-C at a prompt cancels (exit 130).
Exit codes: 0 saved, 1 refused or unreachable, 2 bad usage, 130 cancelled.
`;

export const COMPLETION_USAGE = `Usage: cdn-tui completion bash|zsh|fish

Prints the shell completion script (commands, flags, and the profile names of the config file
for --profile). Load it in the shell's startup file:

  bash   echo 'source <(cdn-tui completion bash)' >> ~/.bashrc
  zsh    echo 'source <(cdn-tui completion zsh)' >> ~/.zshrc      (after compinit)
  fish   cdn-tui completion fish > ~/.config/fish/completions/cdn-tui.fish

Exit codes: 0 printed, 2 bad usage (an unknown shell).
`;

export const SERVE_USAGE = `Usage: cdn-tui serve [options]

The local emulator of the Content Delivery API. Every flag takes its value as --flag VALUE or
--flag=VALUE.

  --host HOST                  address to listen on (default 127.0.0.1)
  --port PORT                  port, 0 for any free one (default 4010)
  --data FILE                  keep state durably in FILE (default: in memory)
  --seed demo|none|N           data for an empty store (default none); demo is the data of
                               cdn-tui --demo, with its products unless --products is given
  --token TOKEN[=view,edit]    accept this token (repeatable)
  --user NAME:PASSWORD[=view,edit]  a user for POST /tokens (repeatable)
  --products LIST|none         the account's products: application_acceleration,raw_logs
                               (default none; with --seed demo both)
  --delivery-domain DOMAIN     domain of generated domain names (default edge.example)
  --rate-limit READS/WRITES[/PURGES]  per token per window, with 429s past it (purges
                               default to WRITES; without the flag 100000 of each)
  --rate-window SECONDS        the rate limit's fixed window, 1 to 3600 (default 60)
  --reset-format unix|iso      X-RateLimit-Reset as Unix seconds or an ISO time in UTC
                               without a zone, as the real service sends it (default unix)
  --latency MS                 delay every answer
  --fail-rate P                answer this share of requests with 503
  --reset-rate P               do this share of requests, then drop the connection
  --log FILE|-                 one JSON line per request
  --tls-cert FILE --tls-key FILE  serve HTTPS with this certificate and key (PEM)
  --help, -h                   this help

Exit codes: 0 stopped (SIGINT, SIGTERM), 1 error, 2 bad usage.
`;

export const TRANSFER_USAGE = `Usage:
  cdn-tui export ID [--out FILE] [connection flags]
  cdn-tui export --all --out DIR [connection flags]
  cdn-tui apply FILE|DIR|- [--dry-run] [--yes] [connection flags]
  cdn-tui apply FILE|- --to [PROFILE:]ID|NAME [--prune] [--dry-run] [--yes] [connection flags]

export writes configuration ID with its origins, cache settings, rules and error responses as JSON
(the format: docs/export-format.md), to FILE or standard output; with --all, every configuration
into DIR, one file each named <id>-<name>.json (the same server state, the same bytes; an export
there of a configuration gone or renamed is removed), paced by the rate limit, progress on stderr.
apply reads such a file (- : standard input), or every export in DIR, matches its records by id (a
rule without one by path, a cache setting by name), prints the review (each change as -old +new
and the exact request), asks, and sends it through the same checks as the TUI. A configuration
without a file in DIR is left alone: apply never deletes a configuration.
With --to, the file is applied onto another configuration, in any profile of the config file
(prod:shop, prod:1528252734, shop): rules matched by path + regex, cache settings by name,
references remapped by name (a missing cache setting is brought along), the target's name and
cnames kept. Records the file lacks are kept, unless --prune (then deleted, listed in the review).

Options:
  --out FILE|DIR      export: write to FILE instead of standard output; with --all the folder
  --all               export: every configuration (needs --out DIR)
  --to TARGET         apply: onto this configuration, [PROFILE:]ID|NAME (prod:shop, prod:7, shop;
                      :NAME for a name with a colon, in the default connection)
  --prune             apply --to: delete the target's rules and cache settings the file lacks
  --dry-run           apply: print the review, send nothing
  --yes, -y           apply: send without asking (needed without a terminal, and with -)
  connection flags    --base-url, --token, --token-file, --profile, --max-body,
                      --headers-timeout, --body-timeout (as for cdn-tui; see cdn-tui --help)
  --help, -h          this help

  cdn-tui export 1528252734 | cdn-tui apply - --to prod:shop --dry-run

Exit codes: 0 applied or nothing to do, 1 a failure, 2 bad usage (an unknown profile, a file that
is not an export), 3 a conflict (the server changed since the export: export again), 4 the --to
configuration could not be read.
`;

export const DIFF_USAGE = `Usage: cdn-tui diff A B [connection flags]

How two configurations differ, wherever they are: each side is [PROFILE:]ID|NAME (a configuration
of that profile of the config file, or of the connection the flags, environment and default
profile give; :NAME for a name with a colon), an export file, or - (standard input).

Both are compared as exports, normalised: no ids, domain names or origin ids, references by name
(a rule's cache setting and origin), rules matched by path + regex, cache settings by name. The
output is the -/+ lines of the export format, headed --- A and +++ B; standard output holds the
diff and nothing else (messages go to standard error), for a CI drift check:

  cdn-tui diff staging:shop prod:shop
  cdn-tui diff exports/1528252734-shop.json prod:shop || echo "prod drifted"

Exit codes: 0 the same, 1 different, 2 bad usage (an unknown profile, a name that matches two
configurations), 4 a side could not be read (a missing file, no such configuration, no answer).
`;

export const PURGE_USAGE = `Usage: cdn-tui purge URL... [--wildcard | --cachekey] [--dry-run] [connection flags]

Removes cached objects now (POST /purge/url, /purge/cachekey or /purge/wildcard): a URL is
host/path, with or without http:// or https://, its host a domain name or cname of one of the
account's configurations. - reads URLs from standard input, one a line.

  --cachekey          purge by cache key instead of by URL
  --wildcard          each URL is a pattern with * (www.example.com/images/*): one request each
  --dry-run           print the requests and what the API would refuse (a malformed URL, a host
                      not the account's, checked against its configurations); send nothing

The connection flags are the TUI's (--base-url, --token, --token-file, --profile, ...). Requests
wait for the purge rate limit rather than be refused (the waits are said on standard error).
Each answer's groups are printed on standard output, a status line and its URLs:

  HTTP/1.1 201 CREATED: Purge request successfully created (1 URL)
    www.example.com/images/logo.png
  HTTP/1.1 403 FORBIDDEN: Unauthorized domain for your account (1 URL)
    www.elsewhere.com/x.png

A URL the API would refuse as malformed stops the purge before anything is sent.

Exit codes: 0 every URL accepted, 1 some refused (not the account's hosts), 2 bad usage or URLs
the API would refuse as malformed (nothing sent), 4 a request could not be sent or answered
(network, token, permission, server). With --dry-run, the same for what would happen.
`;

export const LINT_USAGE = `Usage: cdn-tui lint [PROFILE:]ID|NAME|FILE|--all [--json] [--ignore CODE]... [connection flags]

Warnings for what the API accepts (or a file holds, or the service kept from before a check) but
that breaks a site: a configuration (of that profile of the config file, or of the connection the
flags, environment and default profile give), an export file, - (standard input), or with --all
every configuration of the connection, read one after the other through the rate limit (each
wait said on standard error). Standard output holds one finding a line and nothing else:

  shop (1528252734) · rule ^/(a+)+$ (1528255001) · regex_catastrophic: "^/(a+)+$" repeats … [path]

The codes (docs/lint.md says what each flags and why it breaks a site):
  cname_access_only_without_cname   shared_certificate_cnames   origin_unreachable_address
  regex_invalid   regex_catastrophic   redirect_without_target   https_redirect_on_http_site
  override_zero_ttl   empty_vary_list   unused_cache_setting

Options:
  --all               every configuration of the connection, in id order
  --json              one JSON array of {configuration: {id, name}, kind, id, path or name,
                      field, code, message} instead of the lines
  --ignore CODE       leave out the findings of CODE (repeatable; or codes joined by commas)
  connection flags    --base-url, --token, --token-file, --profile, --ca-file, --max-body,
                      --headers-timeout, --body-timeout (as for cdn-tui; see cdn-tui --help)
  --help, -h          this help

  cdn-tui lint prod:shop --ignore unused_cache_setting
  cdn-tui lint --all --profile prod --json > findings.json

Exit codes: 0 no finding, 1 findings, 2 bad usage (an unknown code or profile), 4 a configuration
or file could not be read (a missing file, no such configuration, no answer).
`;

export const FIND_USAGE = `Usage:
  cdn-tui find QUERY [--json] [connection flags]
  cdn-tui bulk QUERY --set FIELD=VALUE... [--dry-run | --yes] [connection flags]

QUERY is the query of the palette's find (docs/ux.md §10), one argument or several: terms all of
which a record must match — a bare word (text anywhere), field:value (gzip:false, path:/static,
behavior:redirect; text by substring, booleans, choices and numbers exactly), field:=value (text
exactly), cache:NAME and origin:NAME (a rule's cache setting or origin by name), kind:rule|cache|
origin|configuration, in:GLOB (configurations by name, * and ?). Every configuration the query
keeps is read, only the lists it needs, paced by the rate limit (each wait said on stderr).

find prints one match a line, configuration id · name · kind · id · path or name:

  1528252734 · shop · rule · 1528255001 · /static

bulk sets each --set in every match: the value as a form reads it (true/false, a choice, 5m for
seconds, none for empty); cache_setting=NAME and origin=NAME name the one of each rule's own
configuration (a configuration without it is a problem of the review). It prints the review as
apply does, grouped by configuration (each change as -old +new and the exact request), asks, and
sends it paced by the rate limit, progress on stderr: one send of the profile's history, which one
z undoes in cdn-tui (H).

Options:
  --json              find: one JSON array of {configuration: {id, name}, kind, id, path or name}
  --set FIELD=VALUE   bulk: the field to set and its value (repeatable)
  --dry-run           bulk: print the review, send nothing
  --yes, -y           bulk: send without asking (needed without a terminal)
  connection flags    --base-url, --token, --token-file, --profile, --ca-file, --max-body,
                      --headers-timeout, --body-timeout (as for cdn-tui; see cdn-tui --help)
  --help, -h          this help

  cdn-tui find 'gzip:false in:shop*' --json
  cdn-tui bulk cache:"html old" --set cache_setting="html no-cache" --dry-run
  cdn-tui bulk gzip:false --set gzip=true --yes

Exit codes: find 0 matches, 1 none; bulk 0 sent (or nothing to do), 1 a failure, or something
would be refused (nothing sent), 3 a conflict; both 2 bad usage (a query that does not parse, a
field the records do not have, a value it cannot take), 4 the configurations could not be read.
`;
