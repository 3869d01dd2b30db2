import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { Button } from '../../ui/button';

/** The one way out of a blocking access modal. */
export function LogoutButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  const { logout } = useAuth();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant={variant}
      loading={pending}
      icon={<LogOut aria-hidden="true" className="size-4" />}
      onClick={() => {
        setPending(true);
        void logout();
      }}
    >
      Logout
    </Button>
  );
}
