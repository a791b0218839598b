// Reading a list page by page (docs/api.md §1: `page`, `page_size`, X-Total-Count; §6: wrapped lists
// that link to the next page): the first page as soon as it is in, the rest streaming behind it,
// several requests out at once when the total is known, each page handed on in list order.
// Without a total, a page shorter than asked may only mean the server caps pages (asked 1000, gave
// 100): what each list taught about the server's paging is kept, so that reading on to be sure
// costs a request only until the server has shown how long its pages get.
import type { Rec } from '../schema/index.js';
import type { ListPage } from './types.js';

/** One GET of a list: its records, the next page's link (a wrapped list), the total when said. */
export interface FetchedPage<R extends Rec> {
  readonly items: R[];
  readonly next?: URL;
  readonly total?: number;
}

export interface PagesPlan<R extends Rec> {
  /** Fetches one page; `signal` is aborted when the reader stops early. */
  readonly fetch: (url: URL, signal: AbortSignal) => Promise<FetchedPage<R>>;
  /** The URL of numbered page `n` (from 1) of `pageSize` records. */
  readonly pageUrl: (n: number) => URL;
  readonly pageSize: number;
  readonly ahead: number;
  readonly signal?: AbortSignal;
  /** Most pages read before deciding the server is looping. */
  readonly maxPages: number;
  /** Whose paging memory this reading uses and adds to; without it, the reading learns alone. */
  readonly paging?: PagingKey;
}

/**
 * A client and a kind of list. `client` is what identifies the client — its options, one object
 * per createApiClient call — so the memory lives and goes with it. Per kind, because a server may
 * cap each endpoint's pages differently.
 */
export interface PagingKey {
  readonly client: object;
  readonly kind: string;
}

/** What reading lists (of one kind, from one client's server) taught about its paging. */
export interface PagingMemory {
  /** The most records a page of it has held: the server caps pages (if it does) at no fewer. */
  longest: number;
  /** Asked for page 2, it sent page 1 again: it ignores `page`, so a first page is the whole list. */
  ignoresPage: boolean;
}

const memories = new WeakMap<object, Map<string, PagingMemory>>();

/** The paging memory of one client for one kind of list. */
export function pagingMemory({ client, kind }: PagingKey): PagingMemory {
  let kinds = memories.get(client);
  if (!kinds) memories.set(client, (kinds = new Map()));
  let memory = kinds.get(kind);
  if (!memory) kinds.set(kind, (memory = { longest: 0, ignoresPage: false }));
  return memory;
}

export async function* pagesOf<R extends Rec>(plan: PagesPlan<R>): AsyncGenerator<ListPage<R>, void, undefined> {
  const { pageSize } = plan;
  // Requests still out when the reader stops (or the caller aborts) are cancelled with it.
  const stop = new AbortController();
  const abort = () => stop.abort(plan.signal?.reason);
  if (plan.signal?.aborted) abort();
  plan.signal?.addEventListener('abort', abort, { once: true });
  const fetch = (url: URL) => plan.fetch(url, stop.signal);
  try {
    const first = await fetch(plan.pageUrl(1));
    yield page(first.items, first.total);
    if (first.next) {
      // A wrapped list: the server's own links, one after the other.
      for (let url: URL | undefined = first.next; url;) {
        const p = await fetch(url);
        yield page(p.items, p.total);
        url = p.next;
      }
      return;
    }
    if (first.total === undefined) {
      yield* uncounted(plan, fetch, first.items);
      return;
    }
    // With the total said: a longer page than asked means the server gave the whole list at once;
    // a shorter one is the end, unless the total says more (the server caps its pages at that).
    const size = first.items.length;
    if (size === 0 || size > pageSize || (size < pageSize && first.total <= size)) return;
    let total = first.total;
    let next = 2;
    const out: Array<Promise<FetchedPage<R>>> = [];
    const fill = () => {
      while (out.length < plan.ahead && next <= Math.min(Math.ceil(total / size), plan.maxPages)) {
        const p = fetch(plan.pageUrl(next++));
        p.catch(() => undefined); // awaited in turn below; a failure after the reader stopped is nobody's
        out.push(p);
      }
    };
    fill();
    for (let p = out.shift(); p; p = out.shift()) {
      const got = await p;
      total = got.total ?? total; // records made while paging: more pages to ask for
      yield page(got.items, total);
      if (got.items.length < size) return; // records deleted while paging: this was the end
      fill();
    }
  } finally {
    plan.signal?.removeEventListener('abort', abort);
    stop.abort();
  }
}

/**
 * Numbered pages without a total: one after the other while a page may not be the last — until an
 * empty page, page 1 again (a server that ignores `page`), or a page shorter than the server has
 * shown it can give (it did not stop at its cap: the list ended there).
 */
async function* uncounted<R extends Rec>(plan: PagesPlan<R>, fetch: (url: URL) => Promise<FetchedPage<R>>, first: R[]) {
  const memory = plan.paging ? pagingMemory(plan.paging) : { longest: 0, ignoresPage: false };
  let last = first;
  for (let n = 2; n <= plan.maxPages && mayGoOn(last.length, plan.pageSize, memory); n++) {
    const p = await fetch(plan.pageUrl(n));
    if (p.items.length === 0) return;
    if (p.items[0]?.id === last[0]?.id) {
      memory.ignoresPage = true;
      return;
    }
    yield page(p.items, p.total);
    last = p.items;
  }
}

/** Whether a page of `length` records (of `asked`) may have more behind it; learns the longest page. */
function mayGoOn(length: number, asked: number, memory: PagingMemory): boolean {
  memory.longest = Math.max(memory.longest, length);
  // More than asked: the server ignores page_size and gave the whole list at once.
  if (length === 0 || length > asked || memory.ignoresPage) return false;
  // As long as asked, or as long as any page yet: it may have stopped at its cap.
  return length >= Math.min(asked, memory.longest);
}

const page = <R extends Rec>(items: R[], total: number | undefined): ListPage<R> => (total === undefined ? { items } : { items, total });
