import { initialsOf } from '../search/index'
import { GLOSSARY_TERMS } from './terms'
import type { Resolvers } from '../../generated/resolvers'

const withInitials = () => GLOSSARY_TERMS.map((t) => ({ ...t, initials: initialsOf(t.term) }))
let terms: ReturnType<typeof withInitials> | null = null

export const glossaryResolvers: Resolvers = {
  Query: {
    glossaryTerms: (_: unknown, { keyword }: { keyword?: string | null }) => {
      terms ??= withInitials()
      const k = (keyword ?? '').replace(/\s+/g, '').toLowerCase()
      if (!k) return terms
      return terms.filter((t) => t.term.toLowerCase().includes(k) || t.initials.startsWith(k) || t.definition.includes(k))
    },
  },
}
