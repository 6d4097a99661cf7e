import { data } from 'react-router'
import { ErrorView } from '~/components/error-view'

export function loader() {
  throw data('The page you are looking for does not exist.', { status: 404 })
}

export default function NotFound() {
  return <ErrorView title="Page not found" />
}

export function meta() {
  return [{ title: 'Page not found' }]
}
