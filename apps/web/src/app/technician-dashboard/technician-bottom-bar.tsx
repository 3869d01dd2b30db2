import { formatQuantities } from '@karya/domain/quantity';
import { Briefcase, Home, Hourglass, LayoutList, type LucideIcon, Package } from 'lucide-react';
import type { TechnicianTab } from '../../features/work-orders/technician-tabs';
import { cx } from '../../lib/class-names';
import { itemCountText, type StockSummary } from '../../shared/inventory-units';

interface BarButton {
  tab: TechnicianTab;
  label: string;
  icon: LucideIcon;
}

/**
 * Spec 2 §2: five buttons, Home, Inventory (with the count of what is held), All, Approval,
 * Current.
 */
const BUTTONS: readonly BarButton[] = [
  { tab: 'home', label: 'Home', icon: Home },
  { tab: 'inventory', label: 'Inventory', icon: Package },
  { tab: 'all-projects', label: 'All', icon: LayoutList },
  { tab: 'pending-approval-projects', label: 'Approval', icon: Hourglass },
  { tab: 'current-project', label: 'Current', icon: Briefcase },
];

export function TechnicianBottomBar({
  tab,
  inventory,
  onTab,
}: {
  tab: TechnicianTab;
  inventory: StockSummary;
  onTab: (tab: TechnicianTab) => void;
}) {
  // The kinds of item held, as the home tile counts them: metres and pieces do not add up to
  // one number (issue 39 item 5). The quantities per unit are in its name.
  const quantities = formatQuantities(inventory.perUnit, '');
  const inventoryName = `Inventory, ${itemCountText(inventory.itemCount)}${quantities ? `: ${quantities}` : ''}`;
  return (
    <nav
      aria-label="Dashboard"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-5">
        {BUTTONS.map(({ tab: target, label, icon: Icon }) => {
          const current = tab === target;
          return (
            <li key={target}>
              <button
                type="button"
                aria-current={current ? 'page' : undefined}
                aria-label={target === 'inventory' ? inventoryName : undefined}
                onClick={() => onTab(target)}
                className={cx(
                  'relative flex h-14 w-full flex-col items-center justify-center gap-0.5 text-xs font-medium',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
                  current
                    ? 'text-blue-600 dark:text-blue-400'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
                )}
              >
                <span className="relative">
                  <Icon aria-hidden="true" className="size-5" />
                  {target === 'inventory' ? (
                    <span
                      data-testid="bottom-bar-inventory-units"
                      className="absolute -top-2 left-3 min-w-5 rounded-full bg-blue-600 px-1 text-center text-[0.65rem] leading-4 font-semibold text-white"
                    >
                      {inventory.itemCount}
                    </span>
                  ) : null}
                </span>
                {label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
