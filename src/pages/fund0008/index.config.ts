import { pageConfig } from '@/routes'

export default definePageConfig(pageConfig('fund0008'))
