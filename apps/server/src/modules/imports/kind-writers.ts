import type { ImportKind } from '@karya/domain/import-schemas';
import { amcContractsWriter } from './kind-amc-contracts';
import { customersWriter } from './kind-customers';
import { itemsWriter } from './kind-items';
import { leadsWriter } from './kind-leads';
import { openingDuesWriter } from './kind-opening-dues';
import { openingStockWriter } from './kind-opening-stock';
import { techniciansWriter } from './kind-technicians';
import type { ImportWriter } from './kind-writer';

/** The kinds the server writes; one without a writer answers "not available yet". */
export const IMPORT_WRITERS: Partial<Record<ImportKind, ImportWriter<never>>> = {
  customers: customersWriter as ImportWriter<never>,
  leads: leadsWriter as ImportWriter<never>,
  items: itemsWriter as ImportWriter<never>,
  technicians: techniciansWriter as ImportWriter<never>,
  'opening-stock': openingStockWriter as ImportWriter<never>,
  'amc-contracts': amcContractsWriter as ImportWriter<never>,
  'opening-dues': openingDuesWriter as ImportWriter<never>,
};

export const writerOf = (kind: ImportKind) =>
  IMPORT_WRITERS[kind] as ImportWriter<unknown> | undefined;

export type { ImportWriter, WriteContext } from './kind-writer';
