// Staff tools load on demand, so visitors never download them. The server loads them before rendering a
// staff page (see the portal loader), so they render in place: browsers without JavaScript cannot run
// React's streaming swaps. In the browser the first render waits for the chunk inside a Suspense boundary.
import type { ComponentProps } from 'react'

type EditorDialogsModule = typeof import('./editing/editor-dialogs')
type ItemEditorModule = typeof import('./editing/item-editor')

let editorDialogs: EditorDialogsModule | undefined
let itemEditor: ItemEditorModule | undefined
let editorDialogsLoading: Promise<EditorDialogsModule> | undefined
let itemEditorLoading: Promise<ItemEditorModule> | undefined

export function loadStaffTools() {
  editorDialogsLoading ??= import('./editing/editor-dialogs').then((module) => (editorDialogs = module))
  itemEditorLoading ??= import('./editing/item-editor').then((module) => (itemEditor = module))
  return Promise.all([editorDialogsLoading, itemEditorLoading])
}

export function EditorDialogs(props: ComponentProps<EditorDialogsModule['EditorDialogs']>) {
  if (!editorDialogs) throw loadStaffTools()
  return <editorDialogs.EditorDialogs {...props} />
}

export function ItemEditorForm(props: ComponentProps<ItemEditorModule['ItemEditorForm']>) {
  if (!itemEditor) throw loadStaffTools()
  return <itemEditor.ItemEditorForm {...props} />
}
