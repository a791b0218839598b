// Reading a list page by page (API.md §1: `page`, `page_size`, X-Total-Count; §6: wrapped lists
// that link to the next page): the first page as soon as it is in, the rest streaming behind it,
// several requests out at once when the total is known, each page handed on in list order.
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
      for (let url: URL | undefined = first.next; url; ) {
        const p = await fetch(url);
        yield page(p.items, p.total);
        url = p.next;
      }
      return;
    }
    // A short page is the end; a longer one means the server gave the whole list at once.
    if (first.items.length !== pageSize) return;
    if (first.total === undefined) {
      yield* uncounted(plan, fetch, first.items[0]);
      return;
    }
    let total = first.total;
    let next = 2;
    const out: Array<Promise<FetchedPage<R>>> = [];
    const fill = () => {
      while (out.length < plan.ahead && next <= Math.min(Math.ceil(total / pageSize), plan.maxPages)) {
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
      if (got.items.length < pageSize) return; // records deleted while paging: this was the end
      fill();
    }
  } finally {
    plan.signal?.removeEventListener('abort', abort);
    stop.abort();
  }
}

/** Numbered pages without a total: one after the other until a short page. */
async function* uncounted<R extends Rec>(plan: PagesPlan<R>, fetch: (url: URL) => Promise<FetchedPage<R>>, firstRecord: R | undefined) {
  for (let n = 2; n <= plan.maxPages; n++) {
    const p = await fetch(plan.pageUrl(n));
    // A server that ignores `page` sends page 1 again: the list was whole.
    if (p.items.length === 0 || (firstRecord && p.items[0]?.id === firstRecord.id)) return;
    yield page(p.items, p.total);
    if (p.items.length < plan.pageSize) return;
  }
}

const page = <R extends Rec>(items: R[], total: number | undefined): ListPage<R> => (total === undefined ? { items } : { items, total });
