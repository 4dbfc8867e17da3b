import { pageConfig } from '@/routes'

export default definePageConfig(pageConfig('fundArchives0008'))
