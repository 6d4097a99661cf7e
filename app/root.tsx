import { useEffect, useState, type CSSProperties } from 'react'
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches, useRouteError } from 'react-router'
import type { Route } from './+types/root'
import { useNonce } from '~/components/nonce'
import { ErrorView } from '~/components/error-view'
import '~/styles/app.css'
import { readFlash } from '@server/http/flash'
import { Toast } from '~/components/ui/toast'
import { DOCUMENT_DOWNLOAD_FAILED, toastDuration } from '~/lib/portal-view'
import { useDownloadFailures } from '~/components/ui/download-check'
import { brandOfMatches } from '~/lib/portal-brand'
import { brandStyle } from '~/lib/brand-color'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  // A portal page carries its org's brand colour (app/lib/portal-brand.ts), set on the body so dialogs
  // rendered outside the page's tree take it too; its favicon is in the page's meta (app/lib/portal-meta.ts).
  const brand = brandOfMatches(useMatches())
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Links first: a page's own favicon (a portal's, in its meta) comes after the default and is the one used. */}
        <Links />
        <Meta />
      </head>
      <body style={(brandStyle(brand?.brandColor ?? null) ?? undefined) as CSSProperties | undefined}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const flash = await readFlash(context.env, request)
  return data({ toast: flash.message, toastAction: flash.action }, { headers: flash.headers })
}

export default function App() {
  const { toast, toastAction } = useLoaderData<typeof loader>()
  // Failed downloads on this page, counted so each shows the snack afresh (a new key); the next flash replaces it.
  const [failedDownloads, setFailedDownloads] = useState(0)
  useDownloadFailures(() => setFailedDownloads((count) => count + 1))
  useEffect(() => setFailedDownloads(0), [toast])
  const message = failedDownloads ? DOCUMENT_DOWNLOAD_FAILED : toast
  return (
    <>
      <Outlet />
      <Toast
        key={failedDownloads}
        message={message}
        action={failedDownloads ? null : toastAction}
        tone={message?.startsWith('Failed') ? 'error' : 'success'}
        duration={toastDuration(message)}
      />
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' ? error.data : error.statusText
    return <ErrorView title={error.status === 404 ? 'Page not found' : 'Sorry, an error has occurred'} message={message} status={error.status} />
  }
  // The cause is shown only outside production.
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : undefined
  return <ErrorView title="Sorry, an error has occurred" message={detail} />
}
