import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** Follow or unfollow a member or a symbol; the error (such as the follow limit) shows below. */
export function FollowButton({
  following,
  label,
  follow,
}: {
  following: boolean;
  /** What is followed, for screen readers: "@ada" or "$AAPL". */
  label: string;
  follow: (following: boolean) => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: () => follow(!following),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community'] }),
  });
  return (
    <div className="space-y-1.5">
      <Button
        variant={following ? 'secondary' : 'primary'}
        size="sm"
        busy={change.isPending}
        aria-pressed={following}
        onClick={() => change.mutate()}
      >
        {following ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Plus aria-hidden="true" className="size-4" />
        )}
        {following ? 'Following' : 'Follow'}
        <span className="sr-only"> {label}</span>
      </Button>
      {change.error && (
        <p role="alert" className="text-sm text-red-700">
          {change.error.message}
        </p>
      )}
    </div>
  );
}
