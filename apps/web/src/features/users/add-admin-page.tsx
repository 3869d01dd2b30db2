import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { TextField } from '../../ui/text-field';
import { useAddAdmin } from './api/add-admin';
import { NewUserFields } from './new-user-fields';
import { type AddAdminInput, addAdminSchema } from './user-schemas';

const LIST_PATH = '/users/admin';

/** Spec 1 §2.5: the Add Admin page. */
export function AddAdminPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const addAdmin = useAddAdmin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AddAdminInput>({
    resolver: zodResolver(addAdminSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      phone: '',
      location: '',
      status: 'active',
    },
  });

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _, ...body }) => {
    setFailure(null);
    try {
      await addAdmin.mutateAsync(body);
      notify.success('Admin added successfully');
      navigate(LIST_PATH);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to add admin user'));
    }
  });

  return (
    <>
      <PageHeader title="Add Admin" />
      <Card>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {failure ? <Alert>{failure}</Alert> : null}
            <NewUserFields />
            <TextField
              label="Location"
              placeholder="Enter location"
              className="sm:w-1/2 sm:pr-2"
              {...form.register('location')}
            />
            <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
              <Button variant="secondary" onClick={() => navigate(LIST_PATH)}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving...">
                Save Admin
              </Button>
            </div>
          </form>
        </FormProvider>
      </Card>
    </>
  );
}
