// Every sentence with which the API refuses a write (a 400's field errors or detail, a 409, the 403
// group of a purge), each under a code. The emulator answers with these texts; the review's
// pre-flight (src/store/preflight) finds the same problems, by code, before anything is sent; and
// test/preflight/corpus.test.ts holds, for every code, a change that the emulator refuses with it
// and that the pre-flight flags. A check that refuses with a sentence of its own cannot be written:
// a `Problem` is made here only (its type carries a brand no other module can write), so a new
// check needs a new code, and the corpus a case for it.

/** A value quoted for a message, cut short so a huge input never makes a huge answer. */
export function quote(v: unknown): string {
  let s: string;
  try {
    s = typeof v === 'string' ? v : JSON.stringify(v);
  } catch {
    // A value nested thousands deep (a hostile body) overflows JSON.stringify's stack: a 400, not a 500.
    s = Array.isArray(v) ? '[...]' : '{...}';
  }
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Python-style list of names, as the unknown-fields detail of docs/api.md §2 shows it. */
function pyList(names: readonly string[]): string {
  return `[${names.map((n) => `'${n.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(', ')}]`;
}

const TEXTS = {
  // The body as a whole (a `detail`).
  invalidData: (got: string) => `Invalid data. Expected a dictionary, but got ${got}.`,
  unknownFields: (names: readonly string[]) => `There are some unknown fields: ${pyList(names)}`,
  emptyPatch: () => 'Send at least one field.',
  // One value against its field.
  required: () => 'This field is required.',
  notNull: () => 'This field may not be null.',
  readOnly: () => 'This field is read-only.',
  notString: () => 'Not a valid string.',
  notBoolean: () => 'Must be a valid boolean.',
  notInteger: () => 'A valid integer is required.',
  spaceAround: () => 'May not start or end with white space.',
  blank: () => 'This field may not be blank.',
  tooShort: (min: number) => `Ensure this field has at least ${min} characters.`,
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  tooSmall: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  tooBig: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  badChoice: (value: unknown) => `"${quote(value)}" is not a valid choice.`,
  notList: (got: string) => `Expected a list of items but got type "${got}".`,
  tooFewItems: (min: number) => `Ensure this field has at least ${min} element${min === 1 ? '' : 's'}.`,
  tooManyItems: (max: number) => `Ensure this field has no more than ${max} elements.`,
  // Items of a list (1-based).
  itemNotString: (item: number) => `Item ${item}: not a valid string.`,
  itemBlank: (item: number) => `Item ${item}: may not be blank.`,
  itemTooLong: (item: number, max: number) => `Item ${item}: no more than ${max} characters.`,
  listedTwice: (value: unknown) => `"${quote(value)}" is listed twice.`,
  itemListedTwice: (item: number, value: unknown) => `Item ${item}: "${quote(value)}" is listed twice.`,
  itemNotObject: (item: number, got: string) => `Item ${item}: expected a dictionary but got ${got}.`,
  itemUnknownFields: (item: number, names: readonly string[]) => `Item ${item}: there are some unknown fields: ${pyList(names)}`,
  // Forms of text.
  badHostname: (value: string) => `"${value}" is not a valid host name.`,
  badAddress: (value: string) => `"${value}" is not a valid IP address or host name.`,
  badOriginPath: () => 'Must be empty or start with / (no white space or control characters).',
  badHeaderValue: () => 'May not contain white space or control characters.',
  badUrl: () => 'Enter a valid absolute URL (http:// or https://).',
  controlCharacters: () => 'May not contain control characters.',
  badRegex: (why: string) => `Not a valid regular expression: ${why}.`,
  // Across fields and records.
  needsProduct: (value: string, product: string) => `"${value}" needs the ${product} product.`,
  rawlogsProduct: () => 'Needs the raw_logs product.',
  overrideMinTtl: () => 'Must be at least 60 seconds when cdn_cache_settings is "override" (without the application_acceleration product).',
  foreignRef: (what: 'Origin' | 'Cache setting', id: string) => `${what} ${id} does not belong to this configuration.`,
  configurationNameTaken: (name: string, id: string) => `A configuration named "${name}" already exists (id ${id}).`,
  cnameTaken: (cname: string, id: string, name: string) => `"${cname}" already belongs to configuration ${id} ("${name}").`,
  cnameAccessNeedsCname: () => 'Needs at least one cname.',
  pathNeedsSlash: () => 'Must start with "/" unless regex is true.',
  pathTaken: (holder: string, regex: boolean) => `Rule ${holder} already has this path${regex ? ' (regex)' : ''}.`,
  redirectNeeded: () => 'Required when behavior is "redirect": an absolute http:// or https:// URL.',
  redirectOnly: () => 'Only a rule with behavior "redirect" has a redirect URL: send "" or leave it out.',
  cacheNameTaken: (holder: string) => `Cache setting ${holder} already has this name.`,
  listNeeded: (mode: string, modeField: string) => `Needs at least one name when ${modeField} is "${mode}".`,
  originNameTaken: (holder: string) => `Origin ${holder} already has this name.`,
  singleOriginOneAddress: (sent: number) => `A single_origin has one address (${sent} sent): make it a load_balancer for more.`,
  needsActivePrimary: () => 'Needs at least one active primary address.',
  methodOnlyLoadBalancer: () => 'Only a load_balancer has a method: send "" or leave it out.',
  // Deletes (409).
  defaultOriginKept: (id: number) =>
    `Origin ${id} is the configuration's Default Origin, made with it: it cannot be deleted (delete the configuration to remove it).`,
  inUse: (what: 'Origin' | 'Cache setting', id: number, rules: readonly string[]) => `${what} ${id} is used by rules ${rules.join(', ')}.`,
  // Purges (docs/origins-and-purge.md).
  purgeNotDict: () => 'Invalid data. Expected a dictionary with "urls".',
  purgeMethod: (method: string) => `"${method}" is not a valid choice (delete).`,
  urlsNotList: () => 'Expected a list of URLs.',
  noUrls: () => 'Send at least one URL.',
  tooManyUrls: (max: number) => `Ensure this field has no more than ${max} URLs (send more requests).`,
  wildcardOneUrl: (sent: number) => `A wildcard purge takes one URL with * (${sent} sent).`,
  urlLength: (item: number, max: number) => `Item ${item}: a URL of 1 to ${max} characters is required.`,
  urlCharacters: (item: number, shown: string) => `Item ${item}: "${shown}" may not contain white space or control characters.`,
  urlNoHost: (item: number, shown: string) => `Item ${item}: "${shown}" does not start with a host name (e.g. www.example.com/path).`,
  wildcardNeedsStar: (item: number) => `Item ${item}: a wildcard purge needs a * in its URL (e.g. www.example.com/images/*).`,
  /** The 403 group of a purge's 207: a URL whose host is not the account's. */
  foreignHost: () => 'Unauthorized domain for your account',
} as const;

export type MessageCode = keyof typeof TEXTS;

/** Refusals that depend on the products of the account, which a client cannot read (docs/api.md §4). */
export const PRODUCT_CODES: ReadonlySet<MessageCode> = new Set<MessageCode>(['needsProduct', 'rawlogsProduct', 'overrideMinTtl']);

/** Every code, in the catalogue's order. */
export const MESSAGE_CODES: readonly MessageCode[] = Object.keys(TEXTS).filter((k): k is MessageCode => Object.hasOwn(TEXTS, k));

/** What only this module can put on a value: a `Problem` cannot be written as a literal elsewhere. */
declare const fromCatalogue: unique symbol;

/** One refusal: its code and the API's sentence. Made by `problem` (and `inItem`) only. */
export interface Problem {
  readonly code: MessageCode;
  readonly text: string;
  readonly [fromCatalogue]: true;
}

/** The one place a problem is put together (the brand exists in types only). */
function made(code: MessageCode, text: string): Problem {
  const p: Omit<Problem, typeof fromCatalogue> = { code, text };
  // cast: the brand is a type, not a value; this is the one place a plain { code, text } becomes a Problem.
  return p as Problem;
}

type Args<C extends MessageCode> = Parameters<(typeof TEXTS)[C]>;

/** The catalogue as a mapped type, so that `BY_CODE[code]` keeps its parameters for a generic code. */
const BY_CODE: { readonly [C in MessageCode]: (...args: Args<C>) => string } = TEXTS;

/** The problem of `code`, in the API's words. */
export function problem<C extends MessageCode>(code: C, ...args: Args<C>): Problem {
  return made(code, BY_CODE[code](...args));
}

/** A problem of one key of an item of a list of objects (`Item 2: weight: …`): the same code. */
export function inItem(item: number, key: string, p: Problem): Problem {
  return made(p.code, `Item ${item}: ${key}: ${p.text}`);
}

/** Problems, each under the field (one of `N`) that has to change. */
export type Problems<N extends string = string> = ReadonlyArray<readonly [field: N, problem: Problem]>;

/** The field errors problems answer with (docs/api.md §2): one key per field, its sentences in order. */
export function fieldErrorsOf(problems: Problems): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, p] of problems) (errors[field] ??= []).push(p.text);
  return errors;
}
