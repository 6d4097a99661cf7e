// The visitor journey's dialogs and menus load on demand, so the public page stays light; the server
// loads them before rendering a page that shows one (see the portal loader), so they render in place
// without JavaScript. In the browser the first render waits for the chunk inside a Suspense boundary.
import type { ComponentProps } from 'react'

type VisitorModule = typeof import('./visitor/visitor-dialogs')

let visitorModule: VisitorModule | undefined
let loading: Promise<VisitorModule> | undefined

export function loadVisitorTools() {
  loading ??= import('./visitor/visitor-dialogs').then((module) => (visitorModule = module))
  return loading
}

export function VisitorDialogs(props: ComponentProps<VisitorModule['VisitorDialogs']>) {
  if (!visitorModule) throw loadVisitorTools()
  return <visitorModule.VisitorDialogs {...props} />
}

export function AccountMenu(props: ComponentProps<VisitorModule['AccountMenu']>) {
  if (!visitorModule) throw loadVisitorTools()
  return <visitorModule.AccountMenu {...props} />
}

export function PreviewBanner(props: ComponentProps<VisitorModule['PreviewBanner']>) {
  if (!visitorModule) throw loadVisitorTools()
  return <visitorModule.PreviewBanner {...props} />
}

export function CommentsView(props: ComponentProps<VisitorModule['CommentsView']>) {
  if (!visitorModule) throw loadVisitorTools()
  return <visitorModule.CommentsView {...props} />
}
