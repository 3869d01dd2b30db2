import { describe, expect, it } from 'vitest';
import {
  chooseColumn,
  columnsFor,
  headersToAsk,
  IGNORE,
  initialMapping,
  mappingBody,
  mappingComplete,
} from './column-mapping';

const CANDIDATES = ['phoneNumber', 'email', 'address', 'gstin'];

describe('the mapping step', () => {
  it('starts with nothing chosen, and is complete once each header is mapped or ignored', () => {
    let mapping = initialMapping(['Cust Nm', 'Ph', 'Notes']);
    expect(mapping).toEqual({ 'Cust Nm': '', Ph: '', Notes: '' });
    expect(mappingComplete(mapping)).toBe(false);
    mapping = chooseColumn(mapping, 'Cust Nm', 'name');
    mapping = chooseColumn(mapping, 'Ph', 'phoneNumber');
    expect(mappingComplete(mapping)).toBe(false);
    mapping = chooseColumn(mapping, 'Notes', IGNORE);
    expect(mappingComplete(mapping)).toBe(true);
    expect(mappingBody(mapping)).toEqual({
      'Cust Nm': 'name',
      Ph: 'phoneNumber',
      Notes: '',
    });
  });

  it('gives a column to one header: taking it from another sends that one back to unchosen', () => {
    let mapping = initialMapping(['Mob', 'Mobile 2']);
    mapping = chooseColumn(mapping, 'Mob', 'phoneNumber');
    mapping = chooseColumn(mapping, 'Mobile 2', 'phoneNumber');
    expect(mapping).toEqual({ Mob: '', 'Mobile 2': 'phoneNumber' });
    expect(mappingComplete(mapping)).toBe(false);
  });

  it('lets any number of headers be ignored', () => {
    let mapping = initialMapping(['A', 'B']);
    mapping = chooseColumn(mapping, 'A', IGNORE);
    mapping = chooseColumn(mapping, 'B', IGNORE);
    expect(mapping).toEqual({ A: IGNORE, B: IGNORE });
  });

  it('offers a header the server’s candidates no other header took, its own choice kept', () => {
    let mapping = initialMapping(['Mob', 'Mail']);
    mapping = chooseColumn(mapping, 'Mob', 'phoneNumber');
    expect(columnsFor('Mail', CANDIDATES, mapping)).toEqual(['email', 'address', 'gstin']);
    expect(columnsFor('Mob', CANDIDATES, mapping)).toEqual(CANDIDATES);
    mapping = chooseColumn(mapping, 'Mail', IGNORE);
    expect(columnsFor('Mob', CANDIDATES, mapping)).toEqual(CANDIDATES);
  });
});

describe('headersToAsk', () => {
  it('asks only about headers not answered yet, so an ignored one is not asked again', () => {
    const unmatched = [
      { header: 'Referred by', candidates: ['email'] },
      { header: 'Notes', candidates: ['email'] },
    ];
    expect(headersToAsk(unmatched, {})).toEqual(unmatched);
    expect(headersToAsk(unmatched, { 'Referred by': '' })).toEqual([unmatched[1]]);
    expect(headersToAsk(unmatched, { 'Referred by': '', Notes: 'email' })).toEqual([]);
  });
});
