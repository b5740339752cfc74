import { useQuery } from '@tanstack/react-query';
import {
  maxRiskScore,
  paths,
  riskProfileFor,
  riskProfiles,
  riskScore,
  type SavedRiskProfile,
} from '@tickerwise/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { riskProfileQuery, useDeleteRiskProfile, useSaveRiskProfile } from './api/risk-profile.ts';
import { forgetAnswers, keptAnswers } from './kept-answers.ts';

const savedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Settings, Profile: the risk assessment's profile (docs/PRODUCT.md §3.29). Answers the
 * assessment kept in this browser are offered for saving; nothing is sent until the user
 * chooses "Save to my account". A saved profile can be removed.
 */
export function RiskProfileSettings() {
  const query = useQuery(riskProfileQuery);
  const save = useSaveRiskProfile();
  const remove = useDeleteRiskProfile();
  const [kept, setKept] = useState<number[] | null>(null);
  useEffect(() => setKept(keptAnswers()), []);

  const saveKept = (answers: number[]) =>
    save.mutate(answers, {
      onSuccess: () => {
        forgetAnswers();
        setKept(null);
      },
    });
  const discard = () => {
    forgetAnswers();
    setKept(null);
  };
  const failure = save.error ?? remove.error;

  return (
    <SettingsPanel
      title="Risk profile"
      description="The profile the free risk assessment gave you, if you chose to save it. It is for learning, not advice."
    >
      <div className="space-y-4">
        {kept && (
          <KeptAnswers
            answers={kept}
            saving={save.isPending}
            onSave={saveKept}
            onDiscard={discard}
          />
        )}
        {query.data ? (
          query.data.riskProfile ? (
            <SavedProfile
              profile={query.data.riskProfile}
              removing={remove.isPending}
              onRemove={() => remove.mutate()}
            />
          ) : (
            !kept && (
              <p className="text-sm text-slate-700">
                No risk profile is saved.{' '}
                <Link to={paths.riskAssessment} className="font-semibold text-brand-700 underline">
                  Take the risk assessment
                </Link>{' '}
                (ten questions; your answers stay in your browser until you save them).
              </p>
            )
          )
        ) : query.isError ? (
          <ErrorState
            title="Your risk profile could not be loaded."
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <Skeleton className="h-16" />
        )}
        {failure && <Alert tone="error">{failure.message}</Alert>}
      </div>
    </SettingsPanel>
  );
}

function KeptAnswers({
  answers,
  saving,
  onSave,
  onDiscard,
}: {
  answers: number[];
  saving: boolean;
  onSave: (answers: number[]) => void;
  onDiscard: () => void;
}) {
  const score = riskScore(answers) ?? 0;
  return (
    <div className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-ink-950">
      <p>
        This browser holds your answers to the risk assessment:{' '}
        <strong>{riskProfileFor(score).name}</strong>, score {score} of {maxRiskScore}. They have
        not been sent to us. Save them to your account?
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" busy={saving} busyLabel="Saving..." onClick={() => onSave(answers)}>
          Save to my account
        </Button>
        <Button size="sm" variant="secondary" onClick={onDiscard}>
          Discard them
        </Button>
      </div>
    </div>
  );
}

function SavedProfile({
  profile,
  removing,
  onRemove,
}: {
  profile: SavedRiskProfile;
  removing: boolean;
  onRemove: () => void;
}) {
  const band = riskProfiles[profile.band];
  const { stocks, bonds, cash } = band.allocation;
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p className="text-base font-semibold text-ink-950">
        {band.name}{' '}
        <span className="font-normal text-slate-600">
          · score {profile.score} of {maxRiskScore} · saved{' '}
          {savedOn.format(new Date(profile.savedAt))}
        </span>
      </p>
      <p>{band.summary}</p>
      <p>
        Example mix for learning: {stocks}% stocks, {bonds}% bonds, {cash}% cash.
      </p>
      <div className="flex flex-wrap gap-2 pt-1">
        <Link
          to={paths.riskAssessment}
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          Retake the assessment
        </Link>
        <Button
          size="sm"
          variant="ghost"
          busy={removing}
          busyLabel="Removing..."
          onClick={onRemove}
        >
          Remove from my account
        </Button>
      </div>
    </div>
  );
}
