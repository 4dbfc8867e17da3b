import { GraphQLError } from 'graphql'

/**
 * graphql-js's and graphql-jit's refusals (variable coercion, validation, syntax) in Chinese, at the
 * one place answers are formatted (fastpath.ts's maskErrors and Yoga's maskError in plugin.ts): the
 * code stays (a variable's refusal without one gets BAD_USER_INPUT), the variable's, field's or
 * type's name stays in the message. Messages the resolvers throw are written in Chinese where they
 * are thrown and are left alone here.
 */

/** graphql-js's " Did you mean …?" ending (names are [_A-Za-z0-9]); group 1 lists the names. */
const SUGGESTION = / Did you mean (?:[a-z ]+ )?("\w+"(?:(?:, or |, | or )"\w+")*)\?$/

/** Codes only graphql-js and Yoga give: a message of theirs in a shape not listed below is still said in Chinese. */
const LIBRARY_CODES: Record<string, string> = {
  GRAPHQL_VALIDATION_FAILED: '查询不符合接口定义',
  GRAPHQL_PARSE_FAILED: '查询语法错误',
  BAD_REQUEST: '请求无效',
  OPERATION_RESOLUTION_FAILURE: '无法确定要执行的操作',
}

const CJK = /[\u4e00-\u9fff]/

/** "应为" and the type in words (a space before a type's own name). */
const shouldBe = (type: string) => {
  const words = typeInWords(type)
  return /^[A-Za-z[]/.test(words) ? `应为 ${words}` : `应为${words}`
}

/** A GraphQL type as a reader knows it: the built-in scalars by what they hold, any other type by its name. */
function typeInWords(type: string): string {
  const bare = type.replace(/[!"]/g, '')
  const list = /^\[(.+)\]$/.exec(bare)
  if (list) return `${typeInWords(list[1])}的列表`
  switch (bare) {
    case 'Int':
      return '整数'
    case 'Float':
      return '数字'
    case 'String':
      return '字符串'
    case 'Boolean':
      return '布尔值（true 或 false）'
    case 'ID':
      return '编号（字符串或整数）'
    default:
      return `${bare} 类型的值`
  }
}

/** The part of a coercion message after "got invalid value V; " (or a literal's scalar message), in Chinese; null when unknown. */
function coercionDetail(detail: string): string | null {
  let m: RegExpExecArray | null
  if ((m = /^Expected type "?([\w[\]!]+)"? to be an object\.$/.exec(detail))) return `应为 ${m[1]} 对象`
  if ((m = /^Expected non-nullable type "?([\w[\]!]+)"? not to be null\.$/.exec(detail))) return `不能为 null（类型 ${m[1]}）`
  if ((m = /^Field "?([\w.]+)"? of required type "?([\w[\]!]+)"? was not provided\.$/.exec(detail)))
    return `缺少必填字段 ${m[1]}（${typeInWords(m[2])}）`
  if ((m = /^Field "?(\w+)"? is not defined by type "?(\w+)"?\.$/.exec(detail))) return `${m[2]} 没有字段 ${m[1]}`
  if ((m = /^Value "(.*)" does not exist in "(\w+)" enum\.$/.exec(detail))) return `"${m[1]}" 不是 ${m[2]} 的可选值`
  if ((m = /^Enum "(\w+)" cannot represent non-(?:string|enum) value: .*$/.exec(detail))) return `应为 ${m[1]} 的可选值`
  if (/^Int cannot represent non 32-bit signed integer value: /.test(detail)) return '应为 -2147483648 到 2147483647 之间的整数'
  if ((m = /^(Int|Float|String|Boolean|ID) cannot represent /.exec(detail))) return shouldBe(m[1])
  // "Expected type "T". <the scalar's message>", graphql-jit's "Expected type T; <…>" and a bare "Expected type T."
  if ((m = /^Expected type "?([\w[\]!]+)"?(?:[.;] ?(.*))?$/.exec(detail))) {
    return (m[2] ? coercionDetail(m[2]) : null) ?? shouldBe(m[1])
  }
  return null
}

/** A token as graphql-js names it, in words where it is not code ("<EOF>" is the end of the text). */
const token = (t: string) => (t === '<EOF>' ? '文本结尾' : t)

/** The detail of a syntax error (graphql-js language/parser.ts and lexer.ts), in Chinese where its shape is known. */
function syntaxDetail(detail: string): string {
  let m: RegExpExecArray | null
  if ((m = /^Expected (.+?), found (.+?)\.$/.exec(detail))) return `此处应为 ${token(m[1])}，却是 ${token(m[2])}`
  if ((m = /^Unexpected (.+?)\.$/.exec(detail))) return `此处不应出现 ${token(m[1])}`
  if (detail === 'Unterminated string.') return '字符串没有结束引号'
  if ((m = /^(?:Cannot parse the unexpected character|Unexpected character:|Invalid character(?: within String)?:) (.+?)\.?$/.exec(detail)))
    return `无法识别的字符 ${m[1]}`
  return detail
}

/** One refusal's message in Chinese (without its suggestion), or null when it is not one of graphql-js's known shapes. */
function translate(message: string): string | null {
  let m: RegExpExecArray | null
  // Variables (graphql-js execution/values.ts and graphql-jit's variables.ts).
  if ((m = /^Variable "\$(\w+)" got invalid value (.*?)(?: at "([\w.[\]]+)")?; (.*)$/s.exec(message))) {
    const where = m[3] ? `（${m[3]} 处）` : ''
    const detail = coercionDetail(m[4])
    return `变量 $${m[1]} 的值 ${m[2]}${where || ' '}无效：${detail ?? m[4]}`
  }
  if ((m = /^Variable "\$(\w+)" of required type "([^"]+)" was not provided\.$/.exec(message)))
    return `缺少必填变量 $${m[1]}（${typeInWords(m[2])}）`
  if ((m = /^Variable "\$(\w+)" of non-null type "([^"]+)" must not be null\.$/.exec(message)))
    return `变量 $${m[1]} 不能为 null（${typeInWords(m[2])}）`
  if ((m = /^Variable "\$(\w+)" expected value of type "([^"]+)" which cannot be used as an input type\.$/.exec(message)))
    return `变量 $${m[1]} 的类型 ${m[2]} 不能用作输入`
  if ((m = /^Variable "\$(\w+)" cannot be non-input type "([^"]+)"\.$/.exec(message))) return `变量 $${m[1]} 的类型 ${m[2]} 不能用作输入`
  if ((m = /^Variable "\$(\w+)" of type "([^"]+)" used in position expecting type "([^"]+)"\.$/.exec(message)))
    return `变量 $${m[1]} 的类型 ${m[2]} 与这里要求的 ${m[3]} 不符`
  if ((m = /^Variable "\$(\w+)" is never used(?: in operation "(\w+)")?\.$/.exec(message)))
    return `变量 $${m[1]} 定义了却没有用到${m[2] ? `（操作 ${m[2]}）` : ''}`
  if ((m = /^Variable "\$(\w+)" is not defined(?: by operation "(\w+)")?\.$/.exec(message)))
    return `变量 $${m[1]} 没有定义${m[2] ? `（操作 ${m[2]}）` : ''}`
  if ((m = /^There can be only one variable named "\$(\w+)"\.$/.exec(message))) return `变量 $${m[1]} 重复定义`
  // Validation (graphql-js validation/rules).
  if ((m = /^Cannot query field "(\w+)" on type "(\w+)"\.$/.exec(message))) return `${m[2]} 没有字段 ${m[1]}`
  if ((m = /^Unknown argument "(\w+)" on field "([\w.]+)"\.$/.exec(message))) return `字段 ${m[2]} 没有参数 ${m[1]}`
  if ((m = /^Unknown argument "(\w+)" on directive "@(\w+)"\.$/.exec(message))) return `指令 @${m[2]} 没有参数 ${m[1]}`
  if ((m = /^Field "([\w.]+)" argument "(\w+)" of type "([^"]+)" is required, but it was not provided\.$/.exec(message)))
    return `字段 ${m[1]} 缺少必填参数 ${m[2]}（${typeInWords(m[3])}）`
  if ((m = /^Field "(\w+)" of type "([^"]+)" must have a selection of subfields\.(?: Did you mean "[^"]*"\?)?$/.exec(message)))
    return `字段 ${m[1]}（${m[2]}）须列出要取的子字段，如 ${m[1]} { … }`
  if ((m = /^Field "(\w+)" must not have a selection since type "([^"]+)" has no subfields\.$/.exec(message)))
    return `字段 ${m[1]}（${m[2]}）没有子字段，不能再选`
  if ((m = /^Unknown type "(\w+)"\.$/.exec(message))) return `没有类型 ${m[1]}`
  if ((m = /^Unknown fragment "(\w+)"\.$/.exec(message))) return `没有片段 ${m[1]}`
  if ((m = /^Fragment "(\w+)" is never used\.$/.exec(message))) return `片段 ${m[1]} 定义了却没有用到`
  if ((m = /^There can be only one fragment named "(\w+)"\.$/.exec(message))) return `片段 ${m[1]} 重复定义`
  if ((m = /^Unknown directive "@(\w+)"\.$/.exec(message))) return `没有指令 @${m[1]}`
  if ((m = /^Directive "@(\w+)" may not be used on (\w+)\.$/.exec(message))) return `指令 @${m[1]} 不能用在 ${m[2]} 上`
  if ((m = /^The directive "@(\w+)" can only be used once at this location\.$/.exec(message))) return `指令 @${m[1]} 在这里只能用一次`
  if ((m = /^There can be only one argument named "(\w+)"\.$/.exec(message))) return `参数 ${m[1]} 重复`
  if ((m = /^There can be only one input field named "(\w+)"\.$/.exec(message))) return `输入字段 ${m[1]} 重复`
  if ((m = /^There can be only one operation named "(\w+)"\.$/.exec(message))) return `操作 ${m[1]} 重复定义`
  if (message === 'This anonymous operation must be the only defined operation.') return '匿名操作只能是文档中唯一的操作'
  if ((m = /^Expected value of type "([^"]+)", found (.*?)(?:; (.*)|\.)$/.exec(message))) {
    const detail = m[3] ? coercionDetail(m[3]) : null
    return `值 ${m[2]} 无效：${detail ?? shouldBe(m[1])}`
  }
  if ((m = /^Field "([\w.]+)" of required type "([^"]+)" was not provided\.$/.exec(message)))
    return `缺少必填字段 ${m[1]}（${typeInWords(m[2])}）`
  if ((m = /^Field "(\w+)" is not defined by type "(\w+)"\.$/.exec(message))) return `${m[2]} 没有字段 ${m[1]}`
  // A literal's refusal (ValuesOfCorrectTypeRule passes the scalar's or enum's message on as it is).
  if (
    (m =
      /^(?:(?:Int|Float|String|Boolean|ID) cannot represent [^:]*: (.*)|Value "(.*)" does not exist in "\w+" enum\.|Enum "\w+" cannot represent [^:]*: (.*?)\.?)$/.exec(
        message,
      ))
  )
    return `值 ${m[1] ?? (m[2] !== undefined ? `"${m[2]}"` : m[3])} 无效：${coercionDetail(message) ?? message}`
  // Execution and the request (graphql-js, Yoga).
  if ((m = /^Unknown operation named "(.*)"\.$/.exec(message))) return `文档中没有名为 ${m[1]} 的操作`
  if (message === 'Must provide operation name if query contains multiple operations.') return '文档有多个操作时须给出 operationName'
  if (message === 'Must provide an operation.') return '文档中没有可执行的操作'
  if (message === 'Must provide query string.') return '请求缺少查询（query）'
  if (message === 'Could not determine what operation to execute.') return '无法确定要执行的操作：operationName 须为文档中某个操作的名字'
  if ((m = /^Syntax Error: (.*)$/s.exec(message))) return `查询语法错误：${syntaxDetail(m[1])}`
  return null
}

/** A refusal's message in Chinese; `suggestions` keeps graphql-js's near misses (development) as 是否想用 …？. Unchanged when already Chinese or not graphql-js's. */
export function chineseMessage(message: string, code: unknown, { suggestions = true }: { suggestions?: boolean } = {}): string {
  if (CJK.test(message)) return message
  const suggested = SUGGESTION.exec(message)
  const bare = suggested ? message.slice(0, suggested.index) : message
  const known = translate(bare)
  const prefix = typeof code === 'string' && Object.hasOwn(LIBRARY_CODES, code) ? LIBRARY_CODES[code] : undefined
  // A resolver's own message (any other code, or none) is written where it is thrown: left as it is.
  if (known === null && prefix === undefined) return message
  // A library shape not listed above: said in Chinese by its code, graphql-js's words kept for the developer.
  const said = known ?? `${prefix}：${bare}`
  return suggested && suggestions ? `${said}（是否想用 ${suggested[1].replace(/, or |, | or /g, '、')}？）` : said
}

interface ChineseOptions {
  /** Keep graphql-js's near misses (development). */
  suggestions?: boolean
  /** The code of an error that has none yet (a validation error before Yoga gives it GRAPHQL_VALIDATION_FAILED). */
  code?: string
}

/** The message and code inChinese gives, or null when the error stays as it is. */
function chinese(error: GraphQLError, options: ChineseOptions): { message: string; extensions: GraphQLError['extensions'] } | null {
  const code = error.extensions?.code ?? options.code
  const message = chineseMessage(error.message, code, options)
  const badVariable = code === undefined && /^Variable "\$/.test(error.message)
  if (message === error.message && !badVariable) return null
  return { message, extensions: { ...error.extensions, code: badVariable ? 'BAD_USER_INPUT' : code } }
}

/** The error in Chinese (see chineseMessage), its code kept; a variable's refusal without a code gets BAD_USER_INPUT. */
export function inChinese<E extends Error>(error: E, options: ChineseOptions = {}): E | GraphQLError {
  if (!(error instanceof GraphQLError)) return error
  const said = chinese(error, options)
  if (!said) return error
  const { message, extensions } = said
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions,
  })
}
