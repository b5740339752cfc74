import { paths } from '@tickerwise/shared';
import { NavLink, Outlet } from 'react-router';
import { Logo } from '../../components/logo.tsx';

export function DashboardLayout() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <aside className="fixed inset-y-0 left-0 flex w-64 flex-col border-r border-slate-200 bg-white">
        <div className="flex h-16 items-center px-5">
          <Logo />
        </div>
        <nav aria-label="Dashboard" className="flex-1 px-3">
          <NavLink
            to={paths.dashboard}
            end
            className={({ isActive }) =>
              `block rounded-lg px-3 py-2 text-sm font-medium ${
                isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'
              }`
            }
          >
            Dashboard
          </NavLink>
        </nav>
      </aside>
      <main className="pl-64">
        <div className="mx-auto max-w-6xl px-8 py-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

export { DashboardLayout as Component };
