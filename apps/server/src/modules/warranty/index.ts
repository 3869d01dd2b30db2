/**
 * The warranty module as other modules see it (decision 018): the units an order installed,
 * for its customer's job-status page; a unit by serial, as the caller's scope sees it, and its
 * replacement chain, for the unit's QR sticker and page (issue 37).
 */
export { chainFrom, firstSerialOfChain } from './unit-chain';
export { branchOfUnit, findUnit, type UnitRow } from './warranty.queries';
export { unitsForStatusPage, visibleUnit } from './warranty.service';
