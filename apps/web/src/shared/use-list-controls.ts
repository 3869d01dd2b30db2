import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../lib/use-session-user';

const SEARCH_DEBOUNCE_MS = 300;

/** The search box's text and the debounced value sent to the server; typing resets paging. */
export function useDebouncedSearch(onSettled: () => void) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: onSettled is a fresh closure each render; only the text matters
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      onSettled();
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  return { searchText, setSearchText, search };
}

/**
 * Spec 2 §2: the branch comes from ?branch=; an admin picks it (or all branches), a manager
 * is always on their own, which the server enforces.
 */
export function useBranchParam() {
  const viewer = useSessionUser();
  const isAdmin = viewer.role === 'admin';
  const [params, setParams] = useSearchParams();
  const branch = isAdmin ? params.get('branch') || null : null;
  const setBranch = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('branch', value);
    else next.delete('branch');
    setParams(next, { replace: true });
  };
  return { viewer, isAdmin, branch, setBranch };
}
