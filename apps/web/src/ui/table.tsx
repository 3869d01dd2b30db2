import { createContext, type ReactNode, useContext } from 'react';
import { cx } from '../lib/class-names';

/** Whether the table around a cell turns into cards on a phone. */
const PhoneCardsContext = createContext(false);

/*
 * Under 640 px a table with phoneCards is a list of cards: no header, each row a card and each
 * cell a line of it, so its actions are on the screen without scrolling sideways (issue 39
 * item 23). The rows are the caller's, so the card look is given to them from here.
 */
const CARD_BODY = cx(
  'max-sm:block max-sm:space-y-3 max-sm:divide-y-0 max-sm:bg-slate-50 max-sm:p-3',
  'max-sm:[&>tr]:relative max-sm:[&>tr]:block max-sm:[&>tr]:rounded-xl max-sm:[&>tr]:border',
  'max-sm:[&>tr]:border-slate-200 max-sm:[&>tr]:bg-white max-sm:[&>tr]:p-3 max-sm:[&>tr]:shadow-sm',
  'max-sm:[&>tr>td]:block max-sm:[&>tr>td]:px-0 max-sm:[&>tr>td]:py-1',
  'max-sm:[&>tr>td]:whitespace-normal max-sm:[&>tr>td]:break-words',
);

/**
 * A horizontally scrollable table with the house look; rows are the caller's. With
 * phoneCards its rows are cards on a phone; a cell's label then names what it holds.
 */
export function Table({
  columns,
  children,
  label,
  phoneCards = false,
}: {
  columns: readonly string[];
  children: ReactNode;
  label?: string;
  phoneCards?: boolean;
}) {
  return (
    <div className={phoneCards ? 'sm:overflow-x-auto' : 'overflow-x-auto'}>
      <table
        aria-label={label}
        className={cx(
          'min-w-full divide-y divide-slate-200 text-sm',
          phoneCards && 'max-sm:block max-sm:w-full',
        )}
      >
        <thead className={cx('bg-slate-50', phoneCards && 'max-sm:hidden')}>
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cx('divide-y divide-slate-100 bg-white', phoneCards && CARD_BODY)}>
          <PhoneCardsContext.Provider value={phoneCards}>{children}</PhoneCardsContext.Provider>
        </tbody>
      </table>
    </div>
  );
}

/** Whether the rows being drawn are cards on a phone (Table's phoneCards). */
export function usePhoneCards(): boolean {
  return useContext(PhoneCardsContext);
}

/**
 * A cell. In a table of phone cards, label (its column's name, in words) heads the value on
 * a phone, and hideOnPhone leaves out what a card does not need (a row's serial number).
 */
export function Td({
  children,
  className,
  label,
  hideOnPhone = false,
}: {
  children?: ReactNode;
  className?: string;
  label?: string;
  hideOnPhone?: boolean;
}) {
  const phoneCards = usePhoneCards();
  return (
    <td
      className={cx(
        'px-4 py-3 whitespace-nowrap text-slate-700',
        phoneCards && hideOnPhone && 'max-sm:hidden!',
        className,
      )}
    >
      {phoneCards && label ? (
        <span className="text-xs text-slate-500 sm:hidden">{label}: </span>
      ) : null}
      {children}
    </td>
  );
}
