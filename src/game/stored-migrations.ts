/**
 * Bringing a stored record of an older schema version up to date, pure: each migration takes a
 * record of one version to the next (`SCHEMA_VERSION` in `stored-game.ts` is the newest). The
 * record is not checked here: `stored-decode.ts` checks what the migrations return.
 */
import { withPlayerLimit } from './presets';
import { isObject } from './stored-check';
import { SCHEMA_VERSION } from './stored-game';

type Migration = (record: Record<string, unknown>) => Record<string, unknown>;

/** An input stored before the player limit, with one (see `withPlayerLimit`). */
export function inputWithLimit(input: unknown): unknown {
  return isObject(input) ? { ...input, rules: withPlayerLimit(input.rules) } : input;
}

/** Each migration takes a record of one version to the next. */
const MIGRATIONS: Record<number, Migration> = {
  /** 1 to 2: warnings lose their English `message` (the UI words them by code). */
  1: (record) => {
    const snapshot = record.snapshot;
    if (!isObject(snapshot) || !isObject(snapshot.context)) return record;
    const { warnings } = snapshot.context;
    if (!Array.isArray(warnings)) return record;
    const coded = warnings.map((w: unknown) => {
      if (!isObject(w)) return w;
      const rest = { ...w };
      delete rest.message;
      return rest;
    });
    return {
      ...record,
      snapshot: { ...snapshot, context: { ...snapshot.context, warnings: coded } },
    };
  },
  /** 2 to 3: the rules (given and played) carry the table's player limit. */
  2: (record) => {
    const { snapshot } = record;
    const input = inputWithLimit(record.input);
    if (!isObject(snapshot) || !isObject(snapshot.context)) return { ...record, input };
    const context = { ...snapshot.context, rules: withPlayerLimit(snapshot.context.rules) };
    return { ...record, input, snapshot: { ...snapshot, context } };
  },
  /** 3 to 4: the whole snapshot becomes the base of an empty log. */
  3: ({ snapshot, savedAt, ...rest }) => ({
    ...rest,
    ...(typeof savedAt === 'string' ? { startedAt: savedAt } : {}),
    base: snapshot ?? null,
    steps: [],
  }),
  /**
   * 4 to 5: every warning was one event, so it counts 1 (in the base and in the checkpoints'
   * lists); the log is unchanged (no step repeats).
   */
  4: (record) => {
    const { base, checkpoints } = record;
    const counted = (warnings: unknown) =>
      Array.isArray(warnings)
        ? warnings.map((w) => (isObject(w) ? { ...w, count: 1 } : w))
        : warnings;
    const segment = (s: unknown) => {
      if (!isObject(s) || !isObject(s.lists) || !isObject(s.lists.warnings)) return s;
      const warnings = { ...s.lists.warnings, add: counted(s.lists.warnings.add) };
      return { ...s, lists: { ...s.lists, warnings } };
    };
    return {
      ...record,
      ...(isObject(base) && isObject(base.context)
        ? {
            base: {
              ...base,
              context: { ...base.context, warnings: counted(base.context.warnings) },
            },
          }
        : {}),
      ...(Array.isArray(checkpoints) ? { checkpoints: checkpoints.map(segment) } : {}),
    };
  },
};

/**
 * A record of version `from` (at most `SCHEMA_VERSION`) brought to `SCHEMA_VERSION`, one
 * migration after another; null when there is no migration from some version on the way.
 * May throw on a record of a strange shape: the caller catches.
 */
export function migrated(
  record: Record<string, unknown>,
  from: number,
): Record<string, unknown> | null {
  let current = record;
  for (let version = from; version < SCHEMA_VERSION; version += 1) {
    const migrate = MIGRATIONS[version];
    if (!migrate) return null;
    current = { ...migrate(current), schema: version + 1 };
  }
  return current;
}
