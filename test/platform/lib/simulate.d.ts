// miniprogram-simulate, the part the checks use. tsconfig.scripts.json maps the package here: its
// own types declare WeChat's globals (require, Page, wx), which would replace Node's in every file.
import type { SimNode } from './types'

/** Loads a page or component by path; answers its id. */
export function load(componentPath: string, options?: { rootPath?: string; compilerOptions?: { maxBuffer?: number } }): string
/** Renders a loaded component. */
export function render(id: string): SimNode
export function sleep(ms: number): Promise<void>
