import { zodResolver } from '@hookform/resolvers/zod';
import type { PublicUser } from '@karya/domain/user';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useNotify } from '../../ui/notification-context';
import { TextField } from '../../ui/text-field';
import { ACCOUNT_MESSAGES, type ProfileInput, profileSchema } from './account-schemas';
import { useUpdateOwnProfile } from './api/update-own-profile';

/** Spec 1 §2.11: edit own profile; the username is shown but cannot change. */
export function ProfileForm({ profile }: { profile: PublicUser }) {
  const { updateUser } = useAuth();
  const notify = useNotify();
  const update = useUpdateOwnProfile(profile._id);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phone: profile.phone ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync(values);
      updateUser(saved && typeof saved === 'object' && '_id' in saved ? saved : values);
      notify.success('Profile updated successfully');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update profile'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Profile">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name*"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField label="Last Name*" error={errors.lastName?.message} {...register('lastName')} />
        <TextField
          label="Username"
          value={profile.username}
          readOnly
          hint={ACCOUNT_MESSAGES.usernameUnchangeable}
        />
        <TextField
          label="Email*"
          type="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField label="Phone" type="tel" {...register('phone')} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} loadingText="Saving...">
          Update Profile
        </Button>
      </div>
    </form>
  );
}
