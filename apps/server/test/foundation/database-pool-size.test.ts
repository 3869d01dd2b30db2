import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

/**
 * DATABASE_POOL_SIZE (issue 39 item 27): ten connections a process, whatever WORKERS was,
 * let 16 workers open 160 connections where PostgreSQL allows 100 by default.
 */

const POSTGRES = 'postgres://karya@db.example:5432/karya';

function poolOf(env: Record<string, string>) {
  return loadConfig({ DATABASE_URL: POSTGRES, ...env }).databasePoolSize;
}

describe('DATABASE_POOL_SIZE', () => {
  it('by default keeps all workers together within 80 connections, 2 to 10 each', () => {
    expect(poolOf({ WORKERS: '1' })).toBe(10);
    expect(poolOf({ WORKERS: '8' })).toBe(10);
    expect(poolOf({ WORKERS: '12' })).toBe(6);
    expect(poolOf({ WORKERS: '16' })).toBe(5);
    expect(poolOf({ WORKERS: '32' })).toBe(2);
    // Fewer than two would let a transaction wait for its own read.
    expect(poolOf({ WORKERS: '64' })).toBe(2);
    for (const workers of [1, 2, 3, 5, 7, 8, 9, 10, 16, 20, 40]) {
      expect(poolOf({ WORKERS: String(workers) }) * workers).toBeLessThanOrEqual(80);
    }
  });

  it('takes the number given, whatever the workers', () => {
    expect(poolOf({ WORKERS: '16', DATABASE_POOL_SIZE: '20' })).toBe(20);
    expect(poolOf({ DATABASE_POOL_SIZE: ' 3 ' })).toBe(3);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
  });

  it('refuses at start a value that is not a sensible number of connections', () => {
    for (const value of ['0', '1', '-4', '2.5', 'ten', '10x', '1001']) {
      expect(() => poolOf({ DATABASE_POOL_SIZE: value })).toThrow(ConfigError);
      expect(() => poolOf({ DATABASE_POOL_SIZE: value })).toThrow(
        `DATABASE_POOL_SIZE must be a whole number of connections from 2 to 1000, got "${value}"`,
      );
    }
  });
});
