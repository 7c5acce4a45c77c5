import { describe, expect, it } from 'vitest'
import type { PlannedPost } from '@/api/types'
import {
  MSG_BAD_COUNT,
  MSG_START_DATE,
  MSG_TOPIC_REQUIRED,
  bulkRange,
  emptyBulkForm,
  emptyScheduleForm,
  featuresOf,
  parseCount,
  toBulkInput,
  toScheduleInput,
  topicLabel,
  validateBulk,
  validateSchedule,
} from './schedule'

const item = (over: Partial<PlannedPost> = {}): PlannedPost => ({
  id: 1,
  category: 'keto',
  topic: 'Keto snacks',
  inputMode: 'topic',
  scheduledFor: '2025-01-05T09:00:00Z',
  frequency: 'once',
  status: 'pending',
  generateImage: false,
  banners: [],
  error: '',
  postId: null,
  ...over,
})

describe('bulk schedule rules', () => {
  const ok = { ...emptyBulkForm('keto'), topic: 'Keto snacks', startDate: '2025-01-05' }

  it('defaults to 30 posts', () => {
    expect(emptyBulkForm().count).toBe('30')
    expect(validateBulk(ok)).toEqual({ ok: true, count: 30 })
  })

  it("needs a non-blank topic: 'Topic required' / 'Please enter a base topic or title'", () => {
    expect(validateBulk({ ...ok, topic: '   ' })).toEqual({ ok: false, field: 'topic', toast: MSG_TOPIC_REQUIRED })
    expect(MSG_TOPIC_REQUIRED).toEqual({ title: 'Topic required', description: 'Please enter a base topic or title' })
  })

  it("needs a start date: 'Please select a start date'", () => {
    expect(validateBulk({ ...ok, startDate: '' })).toMatchObject({ ok: false, field: 'startDate', toast: MSG_START_DATE })
    expect(MSG_START_DATE.description).toBe('Please select a start date')
  })

  it('falls back to 1 post when the number is not numeric', () => {
    expect(parseCount('abc')).toBe(1)
    expect(parseCount('')).toBe(1)
    expect(parseCount('12')).toBe(12)
    expect(validateBulk({ ...ok, count: 'abc' })).toEqual({ ok: true, count: 1 })
  })

  it("rejects 0 and 31: 'Invalid number' / 'Please enter between 1 and 30 posts'", () => {
    for (const count of ['0', '31', '-2']) {
      expect(validateBulk({ ...ok, count })).toEqual({ ok: false, field: 'count', toast: MSG_BAD_COUNT })
    }
    expect(MSG_BAD_COUNT).toEqual({ title: 'Invalid number', description: 'Please enter between 1 and 30 posts' })
    expect(validateBulk({ ...ok, count: '1' })).toEqual({ ok: true, count: 1 })
  })

  it('sends the trimmed topic and the start date at local midnight', () => {
    const body = toBulkInput({ ...ok, topic: '  Keto snacks ' }, 3)
    expect(body).toMatchObject({ category: 'keto', topic: 'Keto snacks', inputMode: 'topic', count: 3, generateImage: true })
    expect(new Date(body.startDate).getTime()).toBe(new Date(2025, 0, 5).getTime())
    expect(body.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
  })

  it('describes the days covered', () => {
    expect(bulkRange('2025-01-05', 30)).toBe('Jan 5 – Feb 3, 2025')
    expect(bulkRange('2025-01-05', 1)).toBe('Jan 5, 2025')
    expect(bulkRange('', 3)).toBe('')
  })
})

describe('single scheduling rules', () => {
  it("needs a topic unless 'Generate random topic' is ticked, and a date-time", () => {
    const f = { ...emptyScheduleForm('keto') }
    expect(validateSchedule(f)).toEqual({ topic: 'Please enter a topic', scheduledFor: 'Please select a date and time' })
    expect(validateSchedule({ ...f, random: true, scheduledFor: '2025-01-05T09:30' })).toEqual({})
  })

  it('sends topic null for a random topic', () => {
    const body = toScheduleInput({ ...emptyScheduleForm('keto'), topic: 'ignored', random: true, scheduledFor: '2025-01-05T09:30', frequency: 'weekly' })
    expect(body).toMatchObject({ category: 'keto', topic: null, frequency: 'weekly', generateImage: true, banners: [] })
    expect(new Date(body.scheduledFor).getTime()).toBe(new Date(2025, 0, 5, 9, 30).getTime())
  })
})

describe('scheduled post cells', () => {
  it("shows 'Random' when the topic is null", () => {
    expect(topicLabel(null)).toBe('Random')
    expect(topicLabel('Keto snacks')).toBe('Keto snacks')
  })

  it('lists the features: Title or Topic, Image, Banners', () => {
    expect(featuresOf(item())).toEqual(['Topic'])
    expect(featuresOf(item({ inputMode: 'title', generateImage: true }))).toEqual(['Title', 'Image'])
    expect(featuresOf(item({ topic: null, banners: [{ imageUrl: '/a.png', linkUrl: 'https://x.test' }] }))).toEqual(['Banners'])
  })
})
