// A store wired to a real client and an emulator over loopback.
import { createApiClient } from '../../src/api/index.js';
import { createAppStore, createMemoryJournal, type AppStore, type DraftJournal, type RecordKey } from '../../src/store/index.js';
import type { DraftTarget } from '../../src/diff/index.js';
import type { Rec } from '../../src/schema/index.js';
import type { TestEmulator } from '../helpers/emulator.js';

export function storeFor(
  emu: Pick<TestEmulator, 'url' | 'token'>,
  journal: DraftJournal = createMemoryJournal(),
  extra: { token?: string; maxAttempts?: number } = {},
): AppStore {
  const api = createApiClient({
    baseUrl: emu.url,
    token: extra.token ?? emu.token,
    baseDelayMs: 20,
    maxDelayMs: 200,
    maxAttempts: extra.maxAttempts ?? 4,
  });
  return createAppStore({ api, journal });
}

export const CFG = '/content_delivery/configurations';

/** A new record's draft with these values (a blank form, then typed in). */
export function createDraft(store: AppStore, kind: DraftTarget['kind'], conf: number | undefined, values: Rec): RecordKey {
  const key = store.getState().startCreate(kind, conf);
  store.getState().setDraftValues(key, values);
  return key;
}
