import { paths } from '@tickerwise/shared';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo.tsx';

export function MarketingLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <Link
            to={paths.login}
            className="rounded-lg bg-ink-950 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800"
          >
            Login
          </Link>
        </div>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-8 text-sm text-slate-500 sm:px-6">
          © {new Date().getFullYear()} Tickerwise. Investing involves risk.
        </div>
      </footer>
    </div>
  );
}
