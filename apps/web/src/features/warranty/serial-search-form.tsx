import { WARRANTY_MESSAGES } from '@karya/domain/warranty-schemas';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { SerialInput } from './serial-input';

/**
 * Looks a serial up: typed then Enter or Search, or scanned. `current` is the serial shown
 * now (kept in the URL on the desk), so the field follows a deep link or a chain link.
 */
export function SerialSearchForm({
  current,
  onSearch,
  searching,
  autoFocus = false,
}: {
  current: string;
  onSearch: (serial: string) => void;
  searching: boolean;
  autoFocus?: boolean;
}) {
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(current), [current]);

  const search = (serial: string) => {
    const trimmed = serial.trim();
    if (!trimmed) {
      setError(WARRANTY_MESSAGES.serialRequired);
      return;
    }
    setError(null);
    onSearch(trimmed);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(value);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Serial number search">
      <SerialInput
        label="Serial Number"
        value={value}
        onChange={(next) => {
          setValue(next);
          if (error) setError(null);
        }}
        onScanned={search}
        error={error}
        autoFocus={autoFocus}
        trailing={
          <Button
            type="submit"
            loading={searching}
            icon={<Search aria-hidden="true" className="size-4" />}
          >
            Search
          </Button>
        }
      />
    </form>
  );
}
