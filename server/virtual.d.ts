declare module 'virtual:react-router/server-build' {
  const build: unknown
  export default build
}
