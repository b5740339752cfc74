import {
  type CheckArea,
  checkAreas,
  checkAreaText,
  type FundamentalCheck,
} from '@tickerwise/shared';
import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import { checkValue } from '../analysis-format.ts';

const statusLook = {
  pass: { Icon: CircleCheck, text: 'Pass', tone: 'text-emerald-700' },
  fail: { Icon: CircleX, text: 'Fail', tone: 'text-red-700' },
  not_available: { Icon: CircleMinus, text: 'Not available', tone: 'text-slate-400' },
} as const;

/** The fundamentals checklist by area, each check with its figure, threshold and verdict. */
export function Checklist({ checks }: { checks: FundamentalCheck[] }) {
  const areas = checkAreas
    .map((area) => ({ area, checks: checks.filter((check) => check.area === area) }))
    .filter((group) => group.checks.length > 0);
  return (
    <div className="grid gap-x-8 gap-y-5 md:grid-cols-2">
      {areas.map((group) => (
        <AreaChecks key={group.area} area={group.area} checks={group.checks} />
      ))}
    </div>
  );
}

function AreaChecks({ area, checks }: { area: CheckArea; checks: FundamentalCheck[] }) {
  const passed = checks.filter((check) => check.status === 'pass').length;
  return (
    <div>
      <h4 className="flex items-baseline justify-between text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <span>{checkAreaText[area]}</span>
        <span className="font-medium normal-case tracking-normal">
          {passed} of {checks.length} passed
        </span>
      </h4>
      <ul className="mt-1 divide-y divide-slate-100">
        {checks.map((check) => {
          const look = statusLook[check.status];
          return (
            <li key={check.key} className="flex gap-2.5 py-2 text-sm">
              <look.Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${look.tone}`} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium text-ink-950">{check.label}</span>
                  <span className="text-slate-700 tabular-nums">
                    {checkValue(check)}
                    <span className={`ml-2 text-xs font-semibold ${look.tone}`}>{look.text}</span>
                  </span>
                </p>
                <p className="text-xs text-slate-500">
                  Threshold: {check.threshold}. {check.explanation}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
