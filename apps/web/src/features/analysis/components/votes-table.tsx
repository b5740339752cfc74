import type { Vote, VoteGroup } from '@tickerwise/shared';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { decimal } from '../analysis-format.ts';

const groupTitles: Record<VoteGroup, string> = {
  movingAverages: 'Moving averages',
  oscillators: 'Oscillators',
};

const voteText = (vote: Vote['vote']) =>
  vote === 1 ? 'Buy' : vote === -1 ? 'Sell' : vote === 0 ? 'Neutral' : 'Not available';

const voteTone = (vote: Vote['vote']) =>
  vote === 1
    ? 'text-emerald-700'
    : vote === -1
      ? 'text-red-700'
      : vote === 0
        ? 'text-slate-700'
        : 'text-slate-400';

/**
 * Every vote of the rating with the readings it looked at and its rule, folded by default
 * (26 of them); the button says how many it holds. A list rather than a table, so a phone
 * shows each vote whole.
 */
export function VotesTable({ votes }: { votes: Vote[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-2 rounded-lg px-1 py-2 text-left text-sm font-semibold text-ink-950 hover:bg-slate-50"
      >
        <span>All {votes.length} votes with their indicator values</span>
        <ChevronDown
          aria-hidden="true"
          className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div id={id} hidden={!open} className="mt-2 grid gap-x-8 gap-y-5 lg:grid-cols-2">
        {(['movingAverages', 'oscillators'] as const).map((group) => (
          <VoteGroupTable
            key={group}
            title={groupTitles[group]}
            votes={votes.filter((vote) => vote.group === group)}
          />
        ))}
      </div>
    </div>
  );
}

function VoteGroupTable({ title, votes }: { title: string; votes: Vote[] }) {
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      <ul className="mt-1 divide-y divide-slate-100 text-sm">
        {votes.map((vote) => (
          <li key={vote.key} className="py-2">
            <p className="flex items-baseline justify-between gap-3">
              <span className="font-medium text-ink-950">{vote.name}</span>
              <span className={`shrink-0 font-semibold ${voteTone(vote.vote)}`}>
                {voteText(vote.vote)}
              </span>
            </p>
            <p className="mt-0.5 flex flex-wrap gap-x-3 text-slate-700 tabular-nums">
              {vote.readings.map((reading) => (
                <span key={reading.label} className="whitespace-nowrap">
                  <span className="text-slate-500">{reading.label}</span> {decimal(reading.value)}
                </span>
              ))}
            </p>
            <p className="mt-0.5 text-xs text-slate-500">{vote.rule}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
