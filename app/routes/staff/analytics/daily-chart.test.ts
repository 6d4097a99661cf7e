import { describe, expect, it } from 'vitest'
import { chartSummary, dayLabel, yAxis } from './daily-chart'

describe('the analytics chart', () => {
  it('puts whole-number ticks from 0 to at or above the busiest day, about four steps', () => {
    expect(yAxis(0)).toEqual({ top: 1, ticks: [0, 1] })
    expect(yAxis(1)).toEqual({ top: 1, ticks: [0, 1] })
    expect(yAxis(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] })
    expect(yAxis(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] })
    expect(yAxis(23)).toEqual({ top: 30, ticks: [0, 10, 20, 30] })
    expect(yAxis(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] })
  })

  it('sums the days up in one sentence, naming the busiest', () => {
    const days = [
      { day: '2026-03-01', views: 1, downloads: 0 },
      { day: '2026-03-02', views: 2, downloads: 3 },
      { day: '2026-03-03', views: 0, downloads: 1 },
    ]
    expect(chartSummary(days)).toBe('Views and downloads per day over the last 3 days: 3 views and 4 downloads; busiest day Mar 2 with 5 fetches.')
    expect(chartSummary(days.map((day) => ({ ...day, views: 0, downloads: 0 })))).toBe('Views and downloads per day over the last 3 days: 0 views and 0 downloads.')
    expect(dayLabel('2026-12-31')).toBe('Dec 31')
  })
})
