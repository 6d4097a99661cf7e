// The visitor journey's dialogs and menus load on demand, so the public page stays light; the server
// loads them before rendering a page that shows one (see the portal loader), so they render in place
// without JavaScript. In the browser the first render waits for the chunk inside a Suspense boundary.
import { createElement, type ComponentProps, type ComponentType } from 'react'

type VisitorModule = typeof import('./visitor/visitor-dialogs')
type Exported = 'VisitorDialogs' | 'AccountMenu' | 'PreviewBanner' | 'CommentsView'

let visitorModule: VisitorModule | undefined
let loading: Promise<VisitorModule> | undefined

export function loadVisitorTools() {
  loading ??= import('./visitor/visitor-dialogs').then((module) => (visitorModule = module))
  return loading
}

/** A component of the visitor module that suspends until the module is there. */
function fromVisitorModule<Name extends Exported>(name: Name) {
  return function VisitorTool(props: ComponentProps<VisitorModule[Name]>) {
    if (!visitorModule) throw loadVisitorTools()
    const component = visitorModule[name] as ComponentType<object>
    return createElement(component, props as object)
  }
}

export const VisitorDialogs = fromVisitorModule('VisitorDialogs')
export const AccountMenu = fromVisitorModule('AccountMenu')
export const PreviewBanner = fromVisitorModule('PreviewBanner')
export const CommentsView = fromVisitorModule('CommentsView')
