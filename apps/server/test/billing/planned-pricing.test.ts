import { describe, expect, it } from 'vitest';
import { NO_PLAN, priceByPlan } from '../../src/modules/billing/planned-pricing';

/** Issue 35: a bill line of a planned item takes the quoted price up to the planned quantity. */
const camera = { id: 'camera' };
const cable = { id: 'cable' };
const catalogue = (line: { item: { id: string } }) => (line.item.id === 'camera' ? 250_000 : 2_000);

describe('priceByPlan', () => {
  it('prices the planned quantity at the quoted price and the rest at the catalogue', () => {
    const plan = new Map([
      ['camera', [{ quantity: 2, unitPaise: 210_294 }]],
      ['cable', [{ quantity: 50.5, unitPaise: 1_721 }]],
    ]);
    const lines = [
      { item: camera, quantity: 1, serial: 'A' },
      { item: camera, quantity: 1, serial: 'B' },
      { item: camera, quantity: 1, serial: 'C' },
      { item: cable, quantity: 55, serial: null },
    ];
    expect(
      priceByPlan(lines, plan, catalogue).map((l) => [
        l.item.id,
        l.serial,
        l.quantity,
        l.unitPaise,
      ]),
    ).toEqual([
      ['camera', 'A', 1, 210_294],
      ['camera', 'B', 1, 210_294],
      ['camera', 'C', 1, 250_000],
      // A planned fraction bills whole units: 50 at the quoted price.
      ['cable', null, 50, 1_721],
      ['cable', null, 5, 2_000],
    ]);
  });

  it('takes two planned lines of one item in order, and bills less than planned', () => {
    const plan = new Map([
      [
        'cable',
        [
          { quantity: 10, unitPaise: 1_500 },
          { quantity: 10, unitPaise: 1_800 },
        ],
      ],
    ]);
    expect(
      priceByPlan([{ item: cable, quantity: 15 }], plan, catalogue).map((l) => [
        l.quantity,
        l.unitPaise,
      ]),
    ).toEqual([
      [10, 1_500],
      [5, 1_800],
    ]);
  });

  it('without a plan is the catalogue, line for line', () => {
    const lines = [{ item: camera, quantity: 2 }];
    expect(priceByPlan(lines, NO_PLAN, catalogue)).toEqual([{ ...lines[0], unitPaise: 250_000 }]);
  });
});
