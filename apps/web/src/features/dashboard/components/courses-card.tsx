import { useQuery } from '@tanstack/react-query';
import { lessonPath } from '@tickerwise/shared';
import { GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { learnProgressQuery } from '../../../lib/learn-progress.ts';
import { StatCard } from '../stat-card.tsx';

/** Courses Completed: the real count, and the next lesson to continue with. */
export function CoursesCard() {
  const progress = useQuery(learnProgressQuery);
  const data = progress.data;
  return (
    <StatCard
      label="Courses Completed"
      icon={GraduationCap}
      value={
        data ? (
          data.coursesCompleted
        ) : progress.isError ? (
          <span className="text-base font-medium text-slate-500">Not available</span>
        ) : (
          <Skeleton className="h-8 w-12" />
        )
      }
      note={
        data?.next ? (
          <Link
            to={lessonPath(data.next.courseId, data.next.lessonId)}
            className="font-medium text-brand-700 hover:underline"
          >
            Next: {data.next.lessonTitle}
          </Link>
        ) : data ? (
          'Keep learning'
        ) : (
          ' '
        )
      }
    />
  );
}
