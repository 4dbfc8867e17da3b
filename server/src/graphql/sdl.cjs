// @ts-check
// The schema's SDL: server/src/graphql/schema.graphql (the core) followed by every domain's
// server/src/<domain>/schema.graphql (which `extend` the core), in folder order. Shared by the
// server and by the app's codegen (scripts/codegen.mjs), so both see the same schema.
const fs = require('node:fs')
const path = require('node:path')

const SRC = path.resolve(__dirname, '..')

function schemaFiles() {
  const domains = fs
    .readdirSync(SRC, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'graphql')
    .map((d) => path.join(SRC, d.name, 'schema.graphql'))
    .filter((f) => fs.existsSync(f))
    .sort()
  return [path.join(__dirname, 'schema.graphql'), ...domains]
}

function readSdl() {
  return schemaFiles()
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n')
}

module.exports = { schemaFiles, readSdl }
