/**
 * The data layer, between the game and the UI: where games, set-ups, scoreboard results and
 * preferences are kept (IndexedDB, localStorage), and the game session that ties a running
 * game to its store. No DOM, no words. The UI uses only these exports.
 */
export { GameStore, type GameHead, type OpenOptions, type WriteBatch } from './game-store';
export { DB_NAME, openEarly } from './early-open';
export { GameJournal, CHECKPOINT_EVERY, type Timers } from './game-journal';
export {
  StorageWatch,
  type Persistence,
  type StorageProblem,
  type StorageState,
  type StorageStatus,
} from './storage-state';
export { storedBytes } from './compress';
export { Scoreboard } from './scoreboard';
export type { GameSession, SessionHooks, SessionOptions } from './session';
export type { AsideGame } from './aside-games';
export { loadSession } from './load-session';
export { gameMayBeStored } from './game-hint';
export { noteProblem, problems, type Problem } from './problem-log';
export { TableLock, type TableEnvironment, type TableHooks } from './table-lock';
export {
  PreferencesStore,
  PREFERENCES_KEY,
  type CupChoice,
  type Layout,
  type PreferenceStorage,
  type Preferences,
  type Theme,
} from './preferences';
export { ownerKeyStore, KEYS_DB_NAME, type OwnerKeys, type StoredOwnerKey } from './owner-keys';
