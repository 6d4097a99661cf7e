// Staff tools load on demand, so visitors never download them. The server loads them before rendering a
// staff page (see the portal loader), so they render in place: browsers without JavaScript cannot run
// React's streaming swaps. In the browser the first render waits for the chunk inside a Suspense boundary.
import { onDemand } from '~/components/on-demand'

const editorDialogs = onDemand(() => import('./editing/editor-dialogs'))
const itemEditor = onDemand(() => import('./editing/item-editor'))
const gettingStarted = onDemand(() => import('./editing/getting-started'))

export const loadStaffTools = () => Promise.all([editorDialogs.load(), itemEditor.load()])
export const EditorDialogs = editorDialogs.component('EditorDialogs')
export const ItemEditorForm = itemEditor.component('ItemEditorForm')

/** The "Getting started" checklist (staff with the settings permission, until dismissed). */
export const loadGettingStarted = gettingStarted.load
export const GettingStarted = gettingStarted.component('GettingStarted')
