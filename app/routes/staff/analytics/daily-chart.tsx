// The 30-day bar chart of /analytics: plain SVG rendered with the page on the server, no chart library
// and no script. Screen readers get the totals from its label and every day's figures from the table
// under it; the bars' own titles are tooltips for the mouse.
import { StaffTable } from '~/components/ui/staff-table'

export interface DailyFigures {
  /** YYYY-MM-DD, a UTC day. */
  day: string
  views: number
  downloads: number
}

const WIDTH = 720
const HEIGHT = 260
const MARGIN = { top: 40, right: 12, bottom: 46, left: 52 }
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom
export const VIEW_COLOUR = '#1d4ed8'
export const DOWNLOAD_COLOUR = '#15803d'
const INK = '#475569'
const LINE = '#cbd5e1'

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
export const dayLabel = (day: string) => DAY_LABEL.format(new Date(`${day}T00:00:00Z`))

/** The smallest of 1, 2, 5, 10, 20, 50… at least `value` (and at least 1: counts are whole). */
function niceStep(value: number) {
  if (value <= 1) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  for (const factor of [1, 2, 5, 10]) if (factor * power >= value) return factor * power
  return 10 * power
}

/** The y axis: whole-number ticks from 0, about four steps, the top at or above the busiest day. */
export function yAxis(max: number) {
  const step = niceStep(Math.max(1, max) / 4)
  const top = Math.max(step, Math.ceil(Math.max(1, max) / step) * step)
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, index) => index * step) }
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

/** What the chart says, in a sentence: its label and title. */
export function chartSummary(days: readonly DailyFigures[]) {
  const views = days.reduce((sum, day) => sum + day.views, 0)
  const downloads = days.reduce((sum, day) => sum + day.downloads, 0)
  const busiest = days.reduce<DailyFigures | null>((best, day) => (day.views + day.downloads > (best ? best.views + best.downloads : 0) ? day : best), null)
  const peak = busiest ? `; busiest day ${dayLabel(busiest.day)} with ${plural(busiest.views + busiest.downloads, 'fetch', 'fetches')}` : ''
  return `Views and downloads per day over the last ${days.length} days: ${plural(views, 'view', 'views')} and ${plural(downloads, 'download', 'downloads')}${peak}.`
}

export function DailyChart({ days }: { days: readonly DailyFigures[] }) {
  const summary = chartSummary(days)
  const { top, ticks } = yAxis(Math.max(0, ...days.map((day) => Math.max(day.views, day.downloads))))
  const slot = PLOT_WIDTH / Math.max(1, days.length)
  const bar = Math.max(2, Math.floor((slot - 4) / 2))
  const y = (value: number) => MARGIN.top + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT
  const bottom = MARGIN.top + PLOT_HEIGHT
  return (
    <svg className="analytics-chart" role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" preserveAspectRatio="xMidYMid meet" fontSize="12" fill={INK}>
      <title>{summary}</title>
      {/* Legend */}
      <g transform={`translate(${MARGIN.left}, 14)`}>
        <rect width="12" height="12" fill={VIEW_COLOUR} />
        <text x="18" y="10">
          Views
        </text>
        <rect x="80" width="12" height="12" fill={DOWNLOAD_COLOUR} />
        <text x="98" y="10">
          Downloads
        </text>
      </g>
      {/* Y axis: grid lines and counts */}
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke={LINE} strokeWidth={tick === 0 ? 1.5 : 1} />
          <text x={MARGIN.left - 8} y={y(tick) + 4} textAnchor="end">
            {tick.toLocaleString('en-US')}
          </text>
        </g>
      ))}
      <text transform={`translate(14, ${MARGIN.top + PLOT_HEIGHT / 2}) rotate(-90)`} textAnchor="middle">
        Count per day
      </text>
      {/* Bars: views, then downloads, side by side in each day's slot */}
      {days.map((day, index) => {
        const left = MARGIN.left + index * slot + (slot - 2 * bar - 1) / 2
        return (
          <g key={day.day}>
            <rect x={left} y={y(day.views)} width={bar} height={bottom - y(day.views)} fill={VIEW_COLOUR}>
              <title>{`${dayLabel(day.day)}: ${plural(day.views, 'view', 'views')}`}</title>
            </rect>
            <rect x={left + bar + 1} y={y(day.downloads)} width={bar} height={bottom - y(day.downloads)} fill={DOWNLOAD_COLOUR}>
              <title>{`${dayLabel(day.day)}: ${plural(day.downloads, 'download', 'downloads')}`}</title>
            </rect>
          </g>
        )
      })}
      {/* X axis: a date every seventh day, counted back from today */}
      {days.map((day, index) =>
        (days.length - 1 - index) % 7 === 0 ? (
          <text key={day.day} x={MARGIN.left + index * slot + slot / 2} y={bottom + 16} textAnchor="middle">
            {dayLabel(day.day)}
          </text>
        ) : null,
      )}
      <text x={MARGIN.left + PLOT_WIDTH / 2} y={HEIGHT - 6} textAnchor="middle">
        Day (UTC)
      </text>
    </svg>
  )
}

/** The chart's figures as a table, for anyone who would rather read them. */
export function DailyTable({ days }: { days: readonly DailyFigures[] }) {
  return (
    <details className="analytics-figures">
      <summary>Figures per day</summary>
      <StaffTable caption={<>Views and downloads per day, last {days.length} days</>} columns={['Day', 'Views', 'Downloads']}>
        {[...days].reverse().map((day) => (
          <tr key={day.day}>
            <th scope="row">
              <time dateTime={day.day}>{dayLabel(day.day)}</time>
            </th>
            <td>{day.views.toLocaleString('en-US')}</td>
            <td>{day.downloads.toLocaleString('en-US')}</td>
          </tr>
        ))}
      </StaffTable>
    </details>
  )
}
