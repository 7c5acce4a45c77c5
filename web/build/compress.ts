import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * Writes name.br and name.gz beside every text file of the build at the strongest settings, once, so
 * the Go server sends them as they are (it picks one by the request's Accept-Encoding). index.html is a
 * template the server fills per page, and woff2 is compressed already.
 */

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_SIZE = 1024

export function shouldCompress(name: string, size: number): boolean {
  return size >= MIN_SIZE && COMPRESSIBLE.test(name) && name !== 'index.html'
}

/** The variants worth keeping: a copy no smaller than the original is dropped. */
export async function compressedVariants(data: Buffer): Promise<{ ext: string; data: Buffer }[]> {
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ])
  return [
    { ext: '.br', data: br },
    { ext: '.gz', data: gzipped },
  ].filter((v) => v.data.length < data.length)
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(p)
    else yield p
  }
}

export function compressAssets(): Plugin {
  let outDir = 'dist'
  let ssr = false
  return {
    name: 'inkpress:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
      ssr = Boolean(config.build.ssr)
    },
    // After the public files are copied too (favicon.svg).
    async closeBundle() {
      if (ssr) return
      const jobs: Promise<void>[] = []
      for await (const path of files(outDir)) {
        const name = path.slice(outDir.length + 1)
        const size = (await stat(path)).size
        if (!shouldCompress(name, size)) continue
        jobs.push(
          readFile(path).then(async (data) => {
            for (const v of await compressedVariants(data)) await writeFile(path + v.ext, v.data)
          }),
        )
      }
      await Promise.all(jobs)
    },
  }
}
