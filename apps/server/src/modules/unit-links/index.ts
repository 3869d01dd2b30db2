/**
 * The unit-links module (issue 37): app.ts registers its routes, the units' QR stickers and
 * the unit's public page with its complaint.
 */
export { type UnitLinksConfig, unitLinksRoutes } from './unit-links.routes';
