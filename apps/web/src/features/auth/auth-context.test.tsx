import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../../lib/auth-context';
import { parseStoredUser } from '../../lib/session-storage';

function ShowsUser() {
  const { user } = useAuth();
  return <p>{user?.username}</p>;
}

describe('useAuth', () => {
  it('fails with the spec message outside its provider', () => {
    expect(() => renderToString(<ShowsUser />)).toThrow(
      'useAuth must be used within an AuthProvider',
    );
  });
});

describe('parseStoredUser', () => {
  it('restores a stored session user', () => {
    const stored = JSON.stringify({ _id: 'u1', role: 'manager', firstName: 'Meera' });
    expect(parseStoredUser(stored)).toMatchObject({ _id: 'u1', role: 'manager' });
  });

  it('treats corrupt or foreign values as no session', () => {
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser('{not json')).toBeNull();
    expect(parseStoredUser('{"name":"someone else\'s data"}')).toBeNull();
  });
});
