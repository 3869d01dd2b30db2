import { describe, expect, it } from 'vitest';
import {
  checkingSerials,
  currentProblem,
  duplicateKeys,
  type GenericRow,
  prepareGeneric,
  prepareSerials,
  type ServerCheck,
  serialStatus,
} from './stock-entry-rules';

const serials = (...values: string[]) => values.map((serial, key) => ({ key, serial }));
const statusesOf = (values: string[], checks: Record<string, ServerCheck>) => {
  const rows = serials(...values);
  const duplicates = duplicateKeys(rows);
  return rows.map((row) => serialStatus(row, duplicates, checks));
};
const generic = (quantity: string, remark = 'Drum'): GenericRow => ({
  key: Math.random(),
  quantity,
  date: '2026-11-22',
  remark,
});

describe('serial entry status', () => {
  const checks: Record<string, ServerCheck> = {
    A1: { state: 'free' },
    B2: { state: 'exists', itemName: 'Solar Inverter' },
    C3: { state: 'failed' },
  };

  it('flags a repeated serial as a duplicate, not the first one', () => {
    const [first, second] = statusesOf(['A1', 'A1'], checks);
    expect(first).toEqual({
      state: 'valid',
      message: 'Serial number is valid',
    });
    expect(second).toEqual({
      state: 'invalid',
      message: 'Duplicate serial number in current entries',
    });
  });

  it('says which item already holds a serial, and when the check failed', () => {
    const [taken, failed, waiting, empty] = statusesOf(['B2', 'C3', 'D4', ''], checks);
    expect(taken).toEqual({
      state: 'invalid',
      message: 'Serial number already exists for item: Solar Inverter',
    });
    expect(failed).toEqual({
      state: 'invalid',
      message: 'Error checking serial number',
    });
    expect(waiting?.state).toBe('checking');
    expect(empty?.state).toBe('empty');
  });

  it('asks for the remark first, then for at least one valid serial', () => {
    expect(prepareSerials(serials('A1'), checks, ' ')).toEqual({
      ok: false,
      problem: 'Please provide a remark',
    });
    expect(prepareSerials(serials('B2', 'C3'), checks, 'PO-1')).toEqual({
      ok: false,
      problem: 'No valid serial numbers to save',
    });
    const prepared = prepareSerials(serials('A1', 'A1', 'B2'), checks, 'PO-1');
    expect(prepared.ok && prepared.entries.map((row) => row.serial)).toEqual(['A1']);
  });
});

describe('Prepare to Save while serials are checked', () => {
  it('waits for a serial not yet answered or still in its pause, but not for blank rows or answered ones', () => {
    expect(checkingSerials(serials('A1', ''), { A1: { state: 'free' } })).toBe(false);
    expect(checkingSerials(serials('A1', 'D4'), { A1: { state: 'free' } })).toBe(true);
    expect(
      checkingSerials(serials('A1', 'D4'), { A1: { state: 'free' }, D4: { state: 'checking' } }),
    ).toBe(true);
    expect(
      checkingSerials(serials('B2', 'C3'), {
        B2: { state: 'exists', itemName: 'Solar Inverter' },
        C3: { state: 'failed' },
      }),
    ).toBe(false);
    // A repeated serial is refused at once; it waits for nothing.
    expect(checkingSerials(serials('A1', 'A1'), { A1: { state: 'free' } })).toBe(false);
  });
});

describe('generic stock entries', () => {
  it('drops entries of 0 or less and needs a remark on the rest', () => {
    expect(prepareGeneric([generic('0'), generic('')])).toEqual({
      ok: false,
      problem: 'No valid quantities to save',
    });
    expect(prepareGeneric([generic('5', ''), generic('-2')])).toEqual({
      ok: false,
      problem: 'Please provide a remark',
    });
    const prepared = prepareGeneric([generic('5'), generic('0', '')]);
    expect(prepared.ok && prepared.entries.map((row) => row.quantity)).toEqual(['5']);
  });

  it('refuses a fractional quantity', () => {
    expect(prepareGeneric([generic('1.5')])).toEqual({
      ok: false,
      problem: 'Quantity must be at least 1',
    });
  });
});

describe('a refused entry message', () => {
  it('goes as soon as the field it names is fixed, and the next problem waits for the next try', () => {
    const refused = prepareGeneric([generic('0', '')]);
    expect(refused).toEqual({ ok: false, problem: 'No valid quantities to save' });
    const shown = refused.ok ? null : refused.problem;
    // Still 0: the message stays.
    expect(currentProblem(shown, prepareGeneric([generic('')]))).toBe(
      'No valid quantities to save',
    );
    // The quantity is fixed; the empty remark is not announced until the next try.
    expect(currentProblem(shown, prepareGeneric([generic('5', '')]))).toBeNull();
    expect(currentProblem(shown, prepareGeneric([generic('5')]))).toBeNull();
    expect(currentProblem(null, refused)).toBeNull();
  });
});
