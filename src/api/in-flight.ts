// The in-flight bound: how many requests one client has out at once. The client's own undici Agent
// opens at most this many connections to the API (src/api/dispatcher.ts), and the writes of a send
// go side by side up to it (src/store/slices/apply.ts). The rate budget (src/api/budget.ts) may hold
// fewer in flight: never more than its window still holds.

/** The most requests the TUI has in flight at once, end to end. */
export const MAX_IN_FLIGHT = 8;
