import type { ManagerAccessStatus } from '@karya/domain/roles';

export interface PersonName {
  _id?: string;
  firstName: string;
  lastName: string;
}

/** Spec 1 §3: an ownership transfer. */
export interface OwnershipTransfer {
  _id: string;
  oldManager: PersonName | null;
  newManager: PersonName | null;
  message?: string | null;
  responseMessage?: string | null;
  rejectReason?: string | null;
  rejectedAt?: string | null;
  createdAt?: string;
  status?: string;
}

export interface ManagerStatus {
  activeManagerStatus: ManagerAccessStatus | null;
  /** A pending transfer addressed to me. */
  transfer: OwnershipTransfer | null;
  completedTransfer: OwnershipTransfer | null;
  /** My requests that were rejected and not yet acknowledged. */
  rejectedTransfers: OwnershipTransfer[];
}

export interface NewManager {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
}
