import { Bell } from 'lucide-react';
import type { FeatureArt } from '../content/landing.ts';

/** Small product illustrations for the carousel, drawn in SVG and CSS (no image requests). */
export function FeatureArtwork({ art }: { art: FeatureArt }) {
  return (
    <div
      aria-hidden="true"
      className="rounded-2xl border border-slate-200 bg-gradient-to-br from-ink-50 to-white p-5 sm:p-6"
    >
      {art === 'analysis' && <AnalysisArt />}
      {art === 'portfolio' && <PortfolioArt />}
      {art === 'alerts' && <AlertsArt />}
      {art === 'learning' && <LearningArt />}
    </div>
  );
}

function AnalysisArt() {
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between text-sm font-semibold text-ink-950">
        <span>MSFT · 30 days</span>
        <span className="text-brand-700">+6.4%</span>
      </div>
      <svg aria-hidden="true" viewBox="0 0 300 110" className="h-28 w-full">
        <path
          d="M0 90 L30 82 L60 86 L90 70 L120 74 L150 58 L180 62 L210 44 L240 48 L270 30 L300 24 L300 110 L0 110 Z"
          className="fill-brand-100"
        />
        <path
          d="M0 90 L30 82 L60 86 L90 70 L120 74 L150 58 L180 62 L210 44 L240 48 L270 30 L300 24"
          fill="none"
          strokeWidth="3"
          strokeLinejoin="round"
          className="stroke-brand-600"
        />
      </svg>
      <div className="rounded-xl bg-ink-950 p-4 text-sm leading-6 text-ink-100">
        <span className="font-semibold text-brand-300">AI summary: </span>
        Cloud revenue grew faster than expected, and the P/E sits near its five-year average.
      </div>
    </div>
  );
}

const allocation = [
  { label: 'Technology', share: 45, tone: 'stroke-brand-600', dot: 'bg-brand-600' },
  { label: 'Healthcare', share: 25, tone: 'stroke-sky-500', dot: 'bg-sky-500' },
  { label: 'Index funds', share: 20, tone: 'stroke-ink-700', dot: 'bg-ink-700' },
  { label: 'Cash', share: 10, tone: 'stroke-ink-300', dot: 'bg-ink-300' },
];

function PortfolioArt() {
  let offset = 0;
  return (
    <div className="flex items-center gap-6">
      <svg aria-hidden="true" viewBox="0 0 42 42" className="size-32 shrink-0 -rotate-90">
        {allocation.map((slice) => {
          const dash = `${slice.share} ${100 - slice.share}`;
          const circle = (
            <circle
              key={slice.label}
              cx="21"
              cy="21"
              r="15.915"
              fill="none"
              strokeWidth="6"
              strokeDasharray={dash}
              strokeDashoffset={-offset}
              className={slice.tone}
            />
          );
          offset += slice.share;
          return circle;
        })}
      </svg>
      <ul className="flex-1 space-y-2 text-sm">
        {allocation.map((slice) => (
          <li key={slice.label} className="flex items-center gap-2 text-slate-700">
            <span className={`size-2.5 rounded-full ${slice.dot}`} />
            <span className="flex-1">{slice.label}</span>
            <span className="font-semibold text-ink-950 tabular-nums">{slice.share}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const alerts = [
  { title: 'AAPL crossed $190.00', detail: 'Price target reached', time: '9:42 AM' },
  { title: 'MSFT up 2.1% today', detail: 'Daily move above 2%', time: '11:05 AM' },
  { title: 'Portfolio down 1.5%', detail: 'Daily portfolio move', time: '2:18 PM' },
];

function AlertsArt() {
  return (
    <ul className="space-y-3">
      {alerts.map((alert) => (
        <li
          key={alert.title}
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
        >
          <span className="grid size-9 place-items-center rounded-lg bg-brand-50 text-brand-700">
            <Bell className="size-5" />
          </span>
          <span className="flex-1">
            <span className="block text-sm font-semibold text-ink-950">{alert.title}</span>
            <span className="block text-xs text-slate-500">{alert.detail}</span>
          </span>
          <span className="text-xs text-slate-500">{alert.time}</span>
        </li>
      ))}
    </ul>
  );
}

const courses = [
  { title: 'Investing Basics', progress: 100 },
  { title: 'Reading a Balance Sheet', progress: 60 },
  { title: 'Building a Portfolio', progress: 25 },
];

function LearningArt() {
  return (
    <ul className="space-y-4">
      {courses.map((course) => (
        <li
          key={course.title}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="flex justify-between text-sm">
            <span className="font-semibold text-ink-950">{course.title}</span>
            <span className="text-slate-500 tabular-nums">{course.progress}%</span>
          </div>
          <div className="mt-2 h-2 rounded-full bg-slate-100">
            <div
              className="h-2 rounded-full bg-brand-500"
              style={{ width: `${course.progress}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
