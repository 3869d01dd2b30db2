import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** docs/decisions/README.md lists every record, so a newcomer finds each from one page. */
const folder = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const records = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(`${folder}README.md`, 'utf8');

describe('the decisions index', () => {
  it('has a row linking each record, with its status', () => {
    expect(records.length).toBeGreaterThan(0);
    for (const name of records) {
      const row = index.split('\n').find((line) => line.includes(`(${name})`));
      expect(row, `${name} has no row in docs/decisions/README.md`).toBeDefined();
      expect(row?.split('|').filter((cell) => cell.trim() !== '')).toHaveLength(3);
    }
  });

  it('links no record that is not there', () => {
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(linked.filter((name) => !records.includes(name ?? ''))).toEqual([]);
  });

  it('numbers each record once', () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(numbers.filter((number, at) => numbers.indexOf(number) !== at)).toEqual([]);
  });

  it('gives each record a title line and a number that is its own', () => {
    for (const name of records) {
      const title = readFileSync(`${folder}${name}`, 'utf8').split('\n')[0] ?? '';
      expect(title, name).toMatch(new RegExp(`^# ${name.slice(0, 3)}\\b`));
    }
  });
});
