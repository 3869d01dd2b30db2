import { z } from 'zod';
import type { ManagerAccessStatus } from './roles';
import type { BranchRef } from './user';

export const OWNERSHIP_MESSAGES = {
  responseRequired: 'Please add a response message for the current manager.',
  rejectReasonRequired: 'Please provide a reason for rejecting the transfer.',
  selectNewManager: 'Please select a new manager',
  accessPending:
    'Your account access is pending. Please wait for the current manager to transfer ownership.',
  ownershipTransferred: 'Ownership of this branch has been transferred. You can only log out.',
  candidateNotFound: 'This manager is not waiting for ownership of your branch',
  transferAlreadyOpen: 'An ownership transfer is already pending for this branch',
  acknowledgeRejectionFirst: 'Please acknowledge the rejected transfer before starting a new one',
  transferNotFound: 'Transfer not found',
  transferNotPending: 'This transfer has already been answered',
  transferRequestSent: (fullName: string) => `Transfer request sent to ${fullName}`,
  transferAccepted: 'Ownership transfer accepted',
  transferRejected: 'Ownership transfer rejected',
  rejectionAcknowledged: 'Rejection acknowledged',
} as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/initiate-transfer */
export const initiateTransferSchema = z.object({
  newManagerId: z
    .string({ error: OWNERSHIP_MESSAGES.selectNewManager })
    .regex(uuidPattern, OWNERSHIP_MESSAGES.selectNewManager),
  message: z.string().trim().optional(),
});
export type InitiateTransferInput = z.infer<typeof initiateTransferSchema>;

/** POST /api/accept-transfer/{transferId} */
export const acceptTransferSchema = z.object({
  responseMessage: z
    .string({ error: OWNERSHIP_MESSAGES.responseRequired })
    .trim()
    .min(1, OWNERSHIP_MESSAGES.responseRequired),
});
export type AcceptTransferInput = z.infer<typeof acceptTransferSchema>;

/** POST /api/reject-transfer/{transferId} */
export const rejectTransferSchema = z.object({
  rejectReason: z
    .string({ error: OWNERSHIP_MESSAGES.rejectReasonRequired })
    .trim()
    .min(1, OWNERSHIP_MESSAGES.rejectReasonRequired),
});
export type RejectTransferInput = z.infer<typeof rejectTransferSchema>;

export const TRANSFER_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export interface TransferParty {
  _id: string;
  firstName: string;
  lastName: string;
}

/** An ownership transfer as every answer carries it (spec 1 §3). */
export interface OwnershipTransfer {
  _id: string;
  branch: BranchRef;
  oldManager: TransferParty;
  newManager: TransferParty;
  message: string;
  status: TransferStatus;
  responseMessage: string | null;
  rejectReason: string | null;
  rejectedAt: string | null;
  acknowledgedAt: string | null;
  respondedAt: string | null;
  createdAt: string;
}

/** GET /api/manager-status */
export interface ManagerStatusData {
  activeManagerStatus: ManagerAccessStatus | null;
  /** A pending transfer addressed to the signed-in manager. */
  transfer: OwnershipTransfer | null;
  /** The latest accepted transfer the signed-in manager handed over. */
  completedTransfer: OwnershipTransfer | null;
  /** Rejections of the signed-in manager's requests not yet acknowledged ('Understood'). */
  rejectedTransfers: OwnershipTransfer[];
}

/** GET /api/new-managers */
export interface NewManagerCandidate {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
}
