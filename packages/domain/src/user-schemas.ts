import { z } from 'zod';
import { ENTITY_STATUSES, type EntityStatus, ROLES } from './roles';
import type { BranchRef, PublicUser } from './user';

/** Spec 1 §5 and §8: the messages the user-management forms and the API share. */
export const USER_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  selectBranch: 'Please select a branch',
  noBranches: 'No branches available. Please add a branch first.',
  bothPasswordsRequired: 'Both password fields are required',
  allPasswordsRequired: 'All password fields are required',
  newPasswordMismatch: 'New password and confirmation do not match',
  currentPasswordIncorrect: 'Current password is incorrect',
  usernameExists: 'Username already exists',
  usernameUnchangeable: 'Username cannot be changed',
  invalidStatus: 'Status must be active or inactive',
  userNotFound: 'User not found',
  managerNotFound: 'Manager not found',
  branchNotFound: 'Branch not found',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotDeleteSelf: 'You cannot delete your own account',
  userHasHistory:
    'This user has activity on record and cannot be deleted. Deactivate the account instead.',
  adminAdded: 'Admin added successfully',
  managerAdded: 'Manager added successfully',
  technicianAdded: 'Technician added successfully',
  profileUpdated: 'Profile updated successfully',
  adminUpdated: 'Admin updated successfully',
  managerUpdated: 'Manager updated successfully',
  technicianUpdated: 'Technician updated successfully',
  passwordChanged: 'Password changed successfully',
  passwordUpdated: 'Password updated successfully',
  userActivated: 'User activated successfully',
  userDeactivated: 'User deactivated successfully',
  userDeleted: 'User deleted successfully',
} as const;

/** A basic address pattern (spec 1 §5): something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN_LENGTH = 6;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);
const required = requiredText(USER_MESSAGES.requiredFields);
const optionalText = z.string().trim().optional();
const email = required.regex(EMAIL_PATTERN, USER_MESSAGES.invalidEmail);
const newPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordTooShort);
/** An id chosen from a list; a missing or malformed one reads as nothing chosen. */
export const idOf = (message: string) =>
  z.string({ error: message }).trim().min(1, message).regex(UUID_PATTERN, message);
const status = z.enum(ENTITY_STATUSES, { error: USER_MESSAGES.invalidStatus });

const newUserFields = {
  firstName: required,
  lastName: required,
  username: required,
  email,
  password: newPassword(USER_MESSAGES.requiredFields),
  phone: optionalText,
  status: status.optional(),
};

/** POST /api/add-admins */
export const addAdminSchema = z.object({ ...newUserFields, location: optionalText });
export type AddAdminInput = z.infer<typeof addAdminSchema>;

/** POST /api/add-managers and POST /api/add-technicians (admin): the branch is required. */
export const addBranchUserSchema = z.object({
  ...newUserFields,
  branch: idOf(USER_MESSAGES.selectBranch),
});
export type AddBranchUserInput = z.infer<typeof addBranchUserSchema>;

/** POST /api/manager-add-technician: the branch is the manager's own; a sent one is ignored. */
export const managerAddTechnicianSchema = z.object({
  ...newUserFields,
  branch: z.unknown().optional(),
});
export type ManagerAddTechnicianInput = z.infer<typeof managerAddTechnicianSchema>;

/**
 * POST /api/update-user/{userId}. Fields the caller may not change (role, status, branch,
 * username, someone else's password) may be sent unchanged, as read-only form fields are;
 * the server refuses a changed value.
 */
export const updateUserSchema = z.object({
  firstName: required,
  lastName: required,
  email,
  phone: optionalText,
  location: optionalText,
  username: optionalText,
  role: z.enum(ROLES).optional(),
  branch: z.union([idOf(USER_MESSAGES.selectBranch), z.null()]).optional(),
  status: status.optional(),
  // An empty password is dropped (spec 1 §5, Edit manager).
  password: z
    .union([z.literal(''), z.string().min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordTooShort)])
    .optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** POST /api/change-password/{userId}: one's own password, the current one checked. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: USER_MESSAGES.allPasswordsRequired })
    .min(1, USER_MESSAGES.allPasswordsRequired),
  newPassword: newPassword(USER_MESSAGES.allPasswordsRequired),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /api/admin-change-password/{userId} */
export const adminChangePasswordSchema = z.object({
  newPassword: newPassword(USER_MESSAGES.bothPasswordsRequired),
});
export type AdminChangePasswordInput = z.infer<typeof adminChangePasswordSchema>;

/** POST /api/user-status */
export const userStatusSchema = z.object({
  userId: idOf(USER_MESSAGES.userNotFound),
  status,
});
export type UserStatusInput = z.infer<typeof userStatusSchema>;

/** DELETE /api/delete-user */
export const deleteUserSchema = z.object({ userId: idOf(USER_MESSAGES.userNotFound) });
export type DeleteUserInput = z.infer<typeof deleteUserSchema>;

/** Work counts of one technician (the six overview columns, spec 1 §2.6). */
export interface TeamMemberCounts {
  assigned: number;
  inProgress: number;
  pendingApproval: number;
  completed: number;
  transferring: number;
  transferred: number;
}

/** GET /api/get-manager-detail/{managerId} */
export interface ManagerDetail {
  manager: PublicUser;
  branch: BranchRef | null;
  performance: {
    teamSize: number;
    workOrders: number;
    assigned: number;
    pendingApproval: number;
    completed: number;
    transferring: number;
    transferred: number;
  };
  team: Array<
    {
      _id: string;
      firstName: string;
      lastName: string;
      email: string;
      phone: string;
      username: string;
      status: EntityStatus;
    } & TeamMemberCounts
  >;
}

/*
 * Form variants: the screens ask for a confirmation the API payloads do not carry
 * (spec 1 §5). The server never sees confirmPassword; these check it in the browser.
 */
const confirmation = z.string({ error: USER_MESSAGES.requiredFields });

export const addAdminFormSchema = addAdminSchema
  .extend({ confirmPassword: confirmation })
  .refine((form) => form.password === form.confirmPassword, {
    message: USER_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const addBranchUserFormSchema = addBranchUserSchema
  .extend({ confirmPassword: confirmation })
  .refine((form) => form.password === form.confirmPassword, {
    message: USER_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** Admin sets a manager's or technician's password: new and confirmation. */
export const adminPasswordFormSchema = z
  .object({
    newPassword: newPassword(USER_MESSAGES.bothPasswordsRequired),
    confirmPassword: z
      .string({ error: USER_MESSAGES.bothPasswordsRequired })
      .min(1, USER_MESSAGES.bothPasswordsRequired),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: USER_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** Account Settings: current, new and confirmation. */
export const accountPasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z
      .string({ error: USER_MESSAGES.allPasswordsRequired })
      .min(1, USER_MESSAGES.allPasswordsRequired),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: USER_MESSAGES.newPasswordMismatch,
    path: ['confirmPassword'],
  });
