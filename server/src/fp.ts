import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify'

/** Marks a plugin as not encapsulated (what fastify-plugin does), so its hooks and decorators apply app-wide. */
export default function fp<T extends FastifyPluginOptions>(plugin: (app: FastifyInstance, opts: T) => Promise<void>): FastifyPluginAsync<T> {
  const wrapped = plugin as unknown as FastifyPluginAsync<T> & Record<symbol, boolean>
  wrapped[Symbol.for('skip-override')] = true
  return wrapped as never
}
