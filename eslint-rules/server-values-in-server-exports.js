// A route module may use a value imported from server/ only in what React Router keeps off the browser's
// bundle: the loader, action, headers and middleware exports, and top-level code that only they use.
// Anywhere else (the component, meta, an ErrorBoundary, another export) the value would ship to the client.

const SERVER_EXPORTS = new Set(['loader', 'action', 'headers', 'middleware', 'unstable_middleware'])

/** The names a top-level statement exports as server-only, or null when it is not such an export. */
function serverExportName(statement) {
  if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) return null
  const declaration = statement.declaration
  if (declaration.type === 'FunctionDeclaration') return SERVER_EXPORTS.has(declaration.id?.name) ? declaration.id.name : null
  if (declaration.type === 'VariableDeclaration') {
    const names = declaration.declarations.map((d) => (d.id.type === 'Identifier' ? d.id.name : null))
    return names.every((name) => name && SERVER_EXPORTS.has(name)) ? names.join(', ') : null
  }
  return null
}

/** A use in a type (`typeof value` included) is erased from every bundle. */
function inTypeOnly(reference) {
  if (reference.isTypeReference) return true
  for (let node = reference.identifier.parent; node; node = node.parent) {
    if (node.type === 'TSTypeQuery' || node.type === 'TSTypeAliasDeclaration' || node.type === 'TSInterfaceDeclaration') return true
  }
  return false
}

function topLevelStatement(node) {
  let current = node
  while (current.parent && current.parent.type !== 'Program') current = current.parent
  return current
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Server values in a route module reach only its loader, action, headers and middleware.' },
    schema: [{ type: 'object', properties: { pattern: { type: 'string' } }, additionalProperties: false }],
    messages: {
      leaks:
        "'{{name}}' from {{source}} is used outside loader, action, headers and middleware: React Router would ship it to the browser. " +
        'Use it in those exports only, or import a type.',
    },
  },
  create(context) {
    const pattern = new RegExp(context.options[0]?.pattern ?? '^(@server/|(\\.\\./)+server(/|$))')
    const sourceCode = context.sourceCode
    // Top-level statement -> whether everything that uses it is server-only (memoised; cycles count as server-only).
    const verdicts = new Map()

    function serverOnly(statement) {
      if (serverExportName(statement)) return true
      if (verdicts.has(statement)) return verdicts.get(statement)
      verdicts.set(statement, true)
      let verdict = false
      if (statement.type === 'FunctionDeclaration' || statement.type === 'VariableDeclaration' || statement.type === 'ClassDeclaration') {
        verdict = sourceCode.getDeclaredVariables(statement).every((variable) => referencesStayServerSide(variable, statement))
      }
      verdicts.set(statement, verdict)
      return verdict
    }

    function referencesStayServerSide(variable, declaration) {
      return variable.references.every((reference) => {
        if (inTypeOnly(reference)) return true
        const statement = topLevelStatement(reference.identifier)
        return statement === declaration || serverOnly(statement)
      })
    }

    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !pattern.test(node.source.value)) return
        for (const specifier of node.specifiers) {
          if (specifier.importKind === 'type') continue
          for (const variable of sourceCode.getDeclaredVariables(specifier)) {
            for (const reference of variable.references) {
              if (inTypeOnly(reference)) continue
              const statement = topLevelStatement(reference.identifier)
              if (!serverOnly(statement)) {
                context.report({ node: reference.identifier, messageId: 'leaks', data: { name: variable.name, source: node.source.value } })
              }
            }
          }
        }
      },
    }
  },
}
