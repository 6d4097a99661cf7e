import { formatDate, formatDateTime } from '~/lib/format'

/** A date in a staff table: the day, with the full date and time on hover. */
export function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatDate(at)}
    </time>
  )
}
