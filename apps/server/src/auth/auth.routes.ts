import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from './auth.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { ApiError } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

export const profileSchema = z.looseObject({
  _id: z.number(),
  id: z.number(),
  login: z.string(),
  type: z.string(),
  roles: z.array(z.string()),
  role: z.looseObject({ _id: z.number(), name: z.string(), accessRights: z.unknown() }).nullable(),
  group: z.looseObject({ _id: z.number(), name: z.string(), cities: z.array(z.unknown()) }).nullable(),
  csrf: z.string().optional(),
});

type Opened = Awaited<ReturnType<AuthService['signIn']>>;

function setSessionCookies(req: FastifyRequest, reply: FastifyReply, s: Opened) {
  const base = {
    path: '/',
    sameSite: 'strict' as const,
    secure: req.protocol === 'https',
    expires: s.expiresAt,
  };
  reply.setCookie('sid', s.token, { ...base, httpOnly: true });
  // read by the console and sent back as the x-csrf-token header on every change
  reply.setCookie('csrf', s.csrf, { ...base, httpOnly: false });
}

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/** Sign-in, demo sign-in, sign-out and the signed-in profile (spec §7). */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  throttle: LoginThrottle,
  signInPerMinute: number,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  r.post(
    '/auth/sign-in',
    {
      schema: {
        tags,
        body: z.strictObject({ login: z.string().min(1).max(64), password: z.string().min(1).max(200) }),
        response: { 200: profileSchema, ...errorResponses },
      },
      config: { access: 'public', rateLimit: { max: signInPerMinute, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      await throttle.check(req.body.login, req.ip);
      const opened = await auth
        .signIn(req.body.login, req.body.password, meta(req))
        .catch(async (err: unknown) => {
          if (err instanceof ApiError && err.code === 'UnauthorizedError')
            await throttle.failed(req.body.login, req.ip);
          throw err;
        });
      await throttle.succeeded(req.body.login, req.ip);
      setSessionCookies(req, reply, opened);
      return opened.profile;
    },
  );
  r.get(
    '/auth/sign-test',
    {
      schema: { tags, response: { 200: profileSchema, ...errorResponses } },
      config: { access: 'public', rateLimit: { max: signInPerMinute, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const opened = await auth.signInDemo(meta(req));
      setSessionCookies(req, reply, opened);
      return opened.profile;
    },
  );
  r.post(
    '/auth/sign-out',
    {
      schema: { tags, response: { 200: z.object({ error: z.literal(false) }), ...errorResponses } },
      config: { access: 'session' },
    },
    async (req, reply) => {
      await auth.signOut(req.cookies.sid!);
      reply.clearCookie('sid', { path: '/' }).clearCookie('csrf', { path: '/' });
      return { error: false as const };
    },
  );
  const me = async (req: FastifyRequest) => auth.profile(req.caller.userId!);
  r.get(
    '/auth/me',
    { schema: { tags, response: { 200: profileSchema, ...errorResponses } }, config: { access: 'session' } },
    me,
  );
  r.get(
    '/api/v2/users/get',
    {
      schema: {
        tags: ['Users'],
        response: { 200: z.object({ error: z.literal(false), result: profileSchema }), ...errorResponses },
      },
      config: { access: 'session' },
    },
    async (req) => ({ error: false as const, result: await me(req) }),
  );
}
