// What every portal URL says while the server holds no trust center yet (issue 23): where the setup link is.

/** The 404's message; the portal's error page tells it apart and shows NO_TRUST_CENTER_HELP. */
export const NO_TRUST_CENTER = 'No trust center has been set up on this server yet.'
export const NO_TRUST_CENTER_TITLE = 'Set up your trust center'
export const NO_TRUST_CENTER_HELP = [
  'When it started, the server printed a one-time setup link in its log (the console output of `npm start`, `docker logs` or your service manager), on a line that begins with "Set up your trust center:". Open that link to create your company’s trust center and its first owner.',
  'Each restart while no trust center exists prints a new link, and the earlier one stops working. Operators can also run `npm run setup` on the server instead.',
] as const
