import { writeFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import type { Plugin } from 'vite'

/**
 * An output directory is emptied on every build, but the Go package web embeds it (`all:dist`,
 * `all:dist-ssr`), so it must exist in a fresh clone: the repository tracks an empty .gitkeep in it.
 * Put it back after each build.
 */
export function keepPlaceholder(outDir: string): Plugin {
  return {
    name: `inkpress:keep-placeholder:${outDir}`,
    apply: 'build',
    closeBundle() {
      writeFileSync(fileURLToPath(new URL(`../${outDir}/.gitkeep`, import.meta.url)), '')
    },
  }
}
