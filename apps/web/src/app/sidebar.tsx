import type { Role } from '@karya/domain/roles';
import { X } from 'lucide-react';
import { NavLink } from 'react-router';
import { cx } from '../lib/class-names';
import { NAV_ITEMS, PANEL_TITLES } from './nav-items';

export const SIDEBAR_ID = 'app-sidebar';

export interface SidebarProps {
  role: Exclude<Role, 'technician'>;
  /** Spec 1 §6: only an active manager gets the full menu; others get none. */
  fullMenu: boolean;
  /** Below md the sidebar is an overlay drawer; from md up it is always shown. */
  open: boolean;
  onClose: () => void;
}

export function Sidebar({ role, fullMenu, open, onClose }: SidebarProps) {
  return (
    <>
      {open ? (
        <button
          type="button"
          aria-label="Close menu"
          tabIndex={-1}
          onClick={onClose}
          className="fixed inset-0 z-30 bg-slate-900/40 md:hidden"
        />
      ) : null}
      <aside
        id={SIDEBAR_ID}
        className={cx(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-white transition-transform duration-200',
          'md:translate-x-0',
          // Closed on a phone: also out of the tab order and the accessibility tree.
          open ? 'translate-x-0 shadow-xl' : 'max-md:invisible -translate-x-full',
        )}
      >
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-4">
          <div className="flex items-center gap-2.5">
            <img src="/karya.svg" alt="" width={32} height={32} className="size-8" />
            <div className="leading-tight">
              <p className="text-sm font-semibold text-slate-900">Karya</p>
              <p className="text-xs text-slate-500">{PANEL_TITLES[role]}</p>
            </div>
          </div>
          <button
            type="button"
            aria-label="Close menu"
            onClick={onClose}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 md:hidden"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
          {fullMenu ? null : (
            <p className="px-3 text-sm text-slate-500">
              The menu opens once your access to the branch is active.
            </p>
          )}
          <ul className="space-y-1">
            {(fullMenu ? NAV_ITEMS[role] : []).map(({ label, to, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={onClose}
                  className={({ isActive }) =>
                    cx(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      isActive
                        ? 'bg-blue-50 text-blue-700'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-4.5 shrink-0" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </>
  );
}
