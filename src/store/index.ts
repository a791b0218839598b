// The headless core of the TUI: a screen reads selectors and calls these actions.
export { createAppStore, type AppState, type AppStore, type JournalActions } from './create-store.js';
export { JOURNAL_DELAY_MS } from './delayed-writer.js';
export type { StoreDeps } from './context.js';
export { createFileJournal, createMemoryJournal, journalFile, stateDir, type DraftJournal } from './journal.js';
export { openSessionJournal, type SessionJournal } from './session-journal.js';
export {
  createFileHistory,
  createMemoryHistory,
  historyFile,
  HISTORY_LIMIT,
  newSendId,
  refused,
  sendOf,
  type HistoryEntry,
  type HistoryStore,
} from './history.js';
export { configurationsOf, listKey, newRecordKey, parseKey, recordKey, type ChildKind, type ListKey, type RecordKey } from './keys.js';
export type * from './types.js';
export type { DeleteOutcome, DeleteFailure } from './slices/delete.js';
export type { Drafted } from './slices/drafts.js';
export { ruleWithPath } from './slices/many.js';
export { configurationNamed, configurationNames, freeName, type ConfigurationContents } from './clone.js';
export { summarize, resultLine, titleOf, configurationWords, type ApplySummary } from './outcome.js';
export { PARKED, sendPlan, shownSteps, type SendPlan, type SendStep, type ShownStep } from './send-plan.js';
export { jobLine, pacingText, duration } from './job-line.js';
export { isFresh, keptAt, listOfRecord } from './keep/fresh.js';
export { alreadyApplied, toReadAgain } from './applied.js';
export { purgeCounts, purgeRequests, type PurgeJob, type PurgeSent, type PurgeStage, type PurgeTarget } from './slices/purge.js';
export {
  accountHosts,
  deleteNeeds,
  phaseOf,
  previewDeletes,
  rulesUsingKeys,
  preflight,
  preflightNeeds,
  purgePreflight,
  readAt,
  reading,
  readWords,
  REVIEW_READ_AGE_MS,
  stillChecking,
  toRead,
  type Finding,
  type Preflight,
  type PreflightState,
  type PurgeFinding,
  type Severity,
} from './preflight/index.js';
export { emptyRequired } from './validate-draft.js';
export { namedIn, namedValues, namesIn, refLists, refNameOf } from './by-name.js';
export { lintWarnings } from './lint-marks.js';
