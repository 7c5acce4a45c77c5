import { randomBytes } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressedVariants, MIN_SIZE, shouldCompress } from './compress'

describe('build-time compression', () => {
  it.each([
    ['assets/index-x.js', MIN_SIZE, true],
    ['assets/index-x.css', 50_000, true],
    ['favicon.svg', 4000, true],
    ['fonts.json', 2000, true],
    ['assets/small.js', MIN_SIZE - 1, false],
    ['index.html', 5000, false],
    ['assets/inter-x.woff2', 50_000, false],
    ['assets/cover.png', 50_000, false],
  ])('%s of %i bytes: %s', (name, size, want) => {
    expect(shouldCompress(name, size)).toBe(want)
  })

  it('makes brotli and gzip copies that decompress to the original', async () => {
    const data = Buffer.from('export const a = "inkpress";\n'.repeat(200))
    const variants = await compressedVariants(data)
    expect(variants.map((v) => v.ext)).toEqual(['.br', '.gz'])
    expect(brotliDecompressSync(variants[0].data)).toEqual(data)
    expect(gunzipSync(variants[1].data)).toEqual(data)
  })

  it('drops copies that are no smaller', async () => {
    // Random bytes never compress: both copies come out a little larger.
    expect(await compressedVariants(randomBytes(4000))).toEqual([])
  })
})
