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
 * (26 rows); the button says how many it holds.
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
      <div id={id} hidden={!open} className="mt-2 space-y-5">
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
    <table className="w-full text-sm">
      <caption className="pb-1 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </caption>
      <thead className="sr-only sm:not-sr-only">
        <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
          <th scope="col" className="py-1.5 pr-3 font-medium">
            Indicator
          </th>
          <th scope="col" className="py-1.5 pr-3 font-medium">
            Value
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Vote
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {votes.map((vote) => (
          <tr key={vote.key} className="align-top">
            <th scope="row" className="py-2 pr-3 text-left font-normal">
              <span className="block font-medium text-ink-950">{vote.name}</span>
              <span className="block text-xs text-slate-500">{vote.rule}</span>
            </th>
            <td className="py-2 pr-3 text-slate-700 tabular-nums">
              {vote.readings.map((reading) => (
                <span key={reading.label} className="block whitespace-nowrap">
                  <span className="text-slate-500">{reading.label}</span> {decimal(reading.value)}
                </span>
              ))}
            </td>
            <td
              className={`py-2 text-right font-semibold whitespace-nowrap ${voteTone(vote.vote)}`}
            >
              {voteText(vote.vote)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
