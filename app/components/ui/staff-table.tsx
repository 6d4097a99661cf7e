import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react'
import { Pager } from './pager'

/** A column's header: its words, or words only a screen reader says (a column of actions or checkboxes). */
export type StaffColumn = string | { hidden: string }

/**
 * A staff page's data table: named by a caption only screen readers hear, an aria-label or a heading's id;
 * one row of column headers; the rows in one body, or `rowGroups` when each entry is a body of its own.
 * `scroll` puts a wide table in a box that scrolls sideways. Under 640 px wide each row stacks (app.css): the
 * cells of rows written straight into the table carry their column's name as `data-label` to show beside them.
 */
export function StaffTable({
  className,
  caption,
  label,
  labelledBy,
  columns,
  scroll = false,
  rowGroups,
  children,
}: {
  /** Classes beside `data-table`. */
  className?: string
  caption?: ReactNode
  label?: string
  labelledBy?: string
  columns: readonly StaffColumn[]
  scroll?: boolean
  rowGroups?: ReactNode
  children?: ReactNode
}) {
  const table = (
    <table className={className ? `data-table ${className}` : 'data-table'} aria-label={label} aria-labelledby={labelledBy}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {typeof column === 'string' ? column : <span className="visually-hidden">{column.hidden}</span>}
            </th>
          ))}
        </tr>
      </thead>
      {rowGroups ?? <tbody>{labelCells(children, columns)}</tbody>}
    </table>
  )
  return scroll ? <div className="table-scroll">{table}</div> : table
}

type CellProps = { children?: ReactNode; 'data-label'?: string }

/** Each `<td>` of each `<tr>` among `rows` with its column's name (a column named only for screen readers has none). */
function labelCells(rows: ReactNode, columns: readonly StaffColumn[]) {
  return Children.map(rows, (row) => {
    if (!isValidElement<CellProps>(row) || row.type !== 'tr') return row
    let index = 0
    const cells = Children.map(row.props.children, (cell) => {
      if (!isValidElement<CellProps & { colSpan?: number }>(cell) || (cell.type !== 'td' && cell.type !== 'th')) return cell
      const column = columns[index]
      index += cell.props.colSpan ?? 1
      return typeof column === 'string' && cell.props['data-label'] === undefined ? cloneElement(cell as ReactElement<CellProps>, { 'data-label': column }) : cell
    })
    return cloneElement(row, {}, cells)
  })
}

/** "Page 2 of 5 (1,204 accounts)" between Previous and Next, once a counted list has more than one page. */
export function CountedPager({
  label,
  page,
  pageCount,
  total,
  noun,
  href,
}: {
  label: string
  page: number
  pageCount: number
  total: number
  /** The thing counted, one and many: ['account', 'accounts']. */
  noun: readonly [string, string]
  href: (page: number) => string
}) {
  if (pageCount <= 1) return null
  return (
    <Pager label={label} previous={page > 1 ? href(page - 1) : null} next={page < pageCount ? href(page + 1) : null}>
      Page {page} of {pageCount} ({total.toLocaleString('en-US')} {total === 1 ? noun[0] : noun[1]})
    </Pager>
  )
}

/** "Page 3" between Previous and Next for a list that knows only whether more follows, once it has a second page. */
export function OpenPager({
  label,
  page,
  hasMore,
  href,
  previousLabel,
  nextLabel,
}: {
  label: string
  page: number
  hasMore: boolean
  href: (page: number) => string
  previousLabel?: string
  nextLabel?: string
}) {
  if (page <= 1 && !hasMore) return null
  return (
    <Pager label={label} previous={page > 1 ? href(page - 1) : null} next={hasMore ? href(page + 1) : null} previousLabel={previousLabel} nextLabel={nextLabel}>
      Page {page}
    </Pager>
  )
}
