// The untyped internals of packages the platform checks reach into, as far as they use them.

declare module 'miniprogram-simulate/src/utils' {
  /** Runs a page's or component's .js (the host wraps it to register a page opened again). */
  export let runJs: (file: string) => void
}

declare module 'miniprogram-ci/dist/config/url.config' {
  const urls: Record<string, string>
  export = urls
}

declare module 'miniprogram-ci/dist/utils/request' {
  /** Every HTTP request miniprogram-ci makes (weapp-ci.js answers or logs each). */
  export let request: (opts?: { url?: string }) => Promise<unknown>
}

declare module 'miniprogram-ci/dist/utils/white_ext_list' {
  const list: Record<string, unknown>
  export = list
}
