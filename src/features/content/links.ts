import { openLink } from '@/services/links'

/**
 * A link tapped inside an article, under the app's link rules (services/links.ts): another article
 * or page of the app opens in the app, an https address on the allow-list as a web page, anything
 * else on the refusal page with the address and a copy button.
 */
export function openArticleBodyLink(href: string): void {
  openLink(href)
}
