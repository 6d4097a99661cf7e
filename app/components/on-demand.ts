import { createElement, type ComponentType } from 'react'

type ComponentNames<Module> = { [Name in keyof Module]: Module[Name] extends ComponentType<never> ? Name : never }[keyof Module]
type PropsOf<Component> = Component extends ComponentType<infer Props> ? Props : never

/**
 * A module of the page loaded on demand, so visitors who never need it never download it: `load` fetches
 * it once; `component(name)` is one of its components, which suspends until the module is there. The
 * server loads it before rendering a page that shows it (or waits for it: pages render on onAllReady),
 * so it renders in place without JavaScript.
 */
export function onDemand<Module>(importer: () => Promise<Module>) {
  let loaded: Module | undefined
  let loading: Promise<Module> | undefined
  const load = () => (loading ??= importer().then((module) => (loaded = module)))
  function component<Name extends ComponentNames<Module>>(name: Name) {
    return function OnDemand(props: PropsOf<Module[Name]>) {
      if (!loaded) throw load()
      return createElement(loaded[name] as ComponentType<object>, props as object)
    }
  }
  return { load, component }
}
