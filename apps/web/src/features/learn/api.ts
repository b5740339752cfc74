import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CourseCertificate,
  CourseDetail,
  LearnCatalogue,
  LessonView,
  PublicCertificate,
  QuizResult,
  QuizSubmission,
} from '@tickerwise/shared';
import { apiRequest } from '../../lib/api-client.ts';

const learnKey = ['learn'] as const;

/** `GET /api/learn/courses`: every course by level with the user's progress and locks. */
export const catalogueQuery = queryOptions({
  queryKey: [...learnKey, 'catalogue'],
  queryFn: ({ signal }) => apiRequest<LearnCatalogue>('/api/learn/courses', { signal }),
});

export const courseQuery = (courseId: string) =>
  queryOptions({
    queryKey: [...learnKey, 'course', courseId],
    queryFn: ({ signal }) =>
      apiRequest<CourseDetail>(`/api/learn/courses/${encodeURIComponent(courseId)}`, { signal }),
  });

export const lessonQuery = (lessonId: string) =>
  queryOptions({
    queryKey: [...learnKey, 'lesson', lessonId],
    queryFn: ({ signal }) =>
      apiRequest<LessonView>(`/api/learn/lessons/${encodeURIComponent(lessonId)}`, { signal }),
  });

/** Starts a course (counted against the plan's courses); every learn screen reloads. */
export function useStartCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) =>
      apiRequest<{ started: true }>(`/api/learn/courses/${encodeURIComponent(courseId)}/start`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: learnKey }),
  });
}

/** Submits a quiz attempt; the result is shown before the lesson reloads for the next one. */
export function useSubmitQuiz(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (submission: QuizSubmission) =>
      apiRequest<QuizResult>(`/api/learn/lessons/${encodeURIComponent(lessonId)}/attempts`, {
        method: 'POST',
        body: submission,
      }),
    onSuccess: () =>
      client.invalidateQueries({
        queryKey: learnKey,
        predicate: (query) => query.queryKey[1] !== 'lesson',
      }),
  });
}

/** `GET /api/certificates/:id`: a certificate as anyone sees it, checked by the server. */
export const certificateQuery = (id: string) =>
  queryOptions({
    queryKey: ['certificate', id],
    queryFn: ({ signal }) =>
      apiRequest<PublicCertificate>(`/api/certificates/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

/** Issues the certificate of a completed course (or returns the one already issued). */
export function useIssueCertificate(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (displayName: string) =>
      apiRequest<{ certificate: CourseCertificate }>(
        `/api/learn/courses/${encodeURIComponent(courseId)}/certificate`,
        { method: 'POST', body: { displayName } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: learnKey }),
  });
}

/** Revokes a certificate: its public page then says so. */
export function useRevokeCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ certificate: CourseCertificate }>(
        `/api/learn/certificates/${encodeURIComponent(id)}/revoke`,
        { method: 'POST', body: {} },
      ),
    onSuccess: (_data, id) =>
      Promise.all([
        client.invalidateQueries({ queryKey: learnKey }),
        client.invalidateQueries({ queryKey: ['certificate', id] }),
      ]),
  });
}
