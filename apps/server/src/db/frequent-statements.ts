import { createHash } from 'node:crypto';
import type pg from 'pg';

/** How many times a statement's text is seen before it is prepared by name. */
export const PREPARE_AFTER = 3;

/**
 * At most this many texts are prepared by name: each costs PostgreSQL a parsed statement and
 * a cached plan on every pooled connection, for the connection's life.
 */
export const MOST_PREPARED = 200;

/**
 * A pattern match leaves PostgreSQL's generic plan blind: it cannot tell 'cctv' (every
 * order) from a phone number (one), so a search is planned for its own value every time.
 */
const PLANNED_PER_VALUE = / like |\bilike\b/i;

export function isPreparable(text: string): boolean {
  return /^\(?select\b/i.test(text) && !PLANNED_PER_VALUE.test(text);
}

/** The query config node-postgres accepts: a name makes it a named prepared statement. */
interface QueryConfig {
  text: string;
  name?: string | undefined;
}

/**
 * Decides which reads go to PostgreSQL as named prepared statements: a SELECT whose text the
 * pool has run PREPARE_AFTER times, up to MOST_PREPARED texts. Named, PostgreSQL parses and
 * plans it once per connection and, once its generic plan costs no more than planning each
 * time, reuses that plan (plan_cache_mode auto), where an unnamed statement is parsed and
 * planned on every request (issue 17, decision 016).
 */
export class StatementNames {
  private readonly seen = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly after = PREPARE_AFTER,
    private readonly most = MOST_PREPARED,
  ) {}

  /** The name to run this text under, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= this.most) return named;
    if (!isPreparable(text)) return undefined;
    const times = (this.seen.get(text) ?? 0) + 1;
    if (times < this.after) {
      // Texts seen once are forgotten with the rest when the tally grows past its bound.
      if (this.seen.size >= this.most * 10) this.seen.clear();
      this.seen.set(text, times);
      return undefined;
    }
    this.seen.delete(text);
    const name = `karya_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  get preparedCount(): number {
    return this.names.size;
  }
}

/**
 * Routes the pool's own queries (drizzle's reads outside transactions) through StatementNames.
 * A config that already carries a name (a statement drizzle prepared) keeps it; an empty
 * name (drizzle's prepared query left unnamed, NAMED_BY_THE_POOL) is no name.
 */
export function prepareFrequentStatements(pool: pg.Pool, names = new StatementNames()) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const named = (config: unknown, ...rest: unknown[]) => {
    if (
      typeof config === 'object' &&
      config !== null &&
      typeof (config as QueryConfig).text === 'string' &&
      !(config as QueryConfig).name
    ) {
      const name = names.nameOf((config as QueryConfig).text);
      if (name !== undefined) (config as QueryConfig).name = name;
    }
    return query(config, ...rest);
  };
  pool.query = named as typeof pool.query;
  return names;
}
