import {
  certificateRequestSchema,
  type LearnTitles,
  quizSubmissionSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { Certificates } from './certificates.ts';
import type { LearnService } from './learn-service.ts';

export interface LearnRoutesOptions {
  auth: Auth;
  learn: LearnService;
  certificates: Certificates;
}

type CourseParams = { Params: { courseId: string } };
type LessonParams = { Params: { lessonId: string } };
type CertificateParams = { Params: { id: string } };
const user = { config: { access: 'user' as const } };

export const learnRoutes: FastifyPluginAsync<LearnRoutesOptions> = async (
  app,
  { auth, learn, certificates },
) => {
  // The catalogue's titles for the public courses page: the same compiled content.
  const titles: LearnTitles = {
    courses: learn.courses.map((course) => ({
      id: course.id,
      title: course.title,
      level: course.level,
      summary: course.summary,
      lessons: course.lessons.map((lesson) => lesson.title),
    })),
  };
  app.get('/api/learn/titles', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return titles;
  });

  app.get('/api/learn/courses', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return learn.catalogue(id);
  });

  app.get<CourseParams>('/api/learn/courses/:courseId', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return learn.course(id, request.params.courseId);
  });

  app.post<CourseParams>('/api/learn/courses/:courseId/start', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const { created } = await learn.start(id, request.params.courseId);
    return reply.status(created ? 201 : 200).send({ started: true });
  });

  app.get<LessonParams>('/api/learn/lessons/:lessonId', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return learn.lesson(id, request.params.lessonId);
  });

  app.post<LessonParams>('/api/learn/lessons/:lessonId/attempts', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const submission = parseInput(quizSubmissionSchema, request.body);
    return reply.status(201).send(await learn.submit(id, request.params.lessonId, submission));
  });

  app.get('/api/learn/progress', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return learn.progress(id);
  });

  // A completed course's certificate, showing the name the user chose (docs/PRODUCT.md §3.24).
  app.post<CourseParams>(
    '/api/learn/courses/:courseId/certificate',
    user,
    async (request, reply) => {
      const { id } = await requireUser(auth, request);
      const { displayName } = parseInput(certificateRequestSchema, request.body);
      const issued = await certificates.issue(id, request.params.courseId, displayName);
      return reply.status(issued.created ? 201 : 200).send({ certificate: issued.certificate });
    },
  );

  app.post<CertificateParams>('/api/learn/certificates/:id/revoke', user, async (request) => {
    const { id } = await requireUser(auth, request);
    return { certificate: await certificates.revoke(id, request.params.id) };
  });

  // The public page's data: no sign-in, the signature checked here.
  app.get<CertificateParams>(
    '/api/certificates/:id',
    { config: { access: 'public' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return certificates.publicView(request.params.id);
    },
  );
};
