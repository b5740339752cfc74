import { Link } from 'react-router';

/** docs/PRODUCT.md §3.15: the router's default screen. */
export function RouteError() {
  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div>
        <h1 className="text-2xl font-bold text-ink-950">Unexpected Application Error!</h1>
        <p className="mt-2 text-slate-600">Something went wrong while showing this page.</p>
        <Link to="/" className="mt-6 inline-block font-medium text-brand-700 hover:underline">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
