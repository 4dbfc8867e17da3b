/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.scss'

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    TARO_ENV: 'weapp' | 'swan' | 'h5'
    TARO_APP_ID: string
    /** Origin of the API server for mini-program builds (H5 uses its own origin). */
    ALFA_API_ORIGIN: string
    /** Host of the product's H5 site, used to recognise in-mini-program urls. */
    ALFA_PRODUCT_HOST: string
    /** Main-brand hosts, comma-separated (`host` or `host:port`); default localhost,127.0.0.1. */
    ALFA_MAIN_HOSTS?: string
    /** Hosts besides the product's that links may open, comma-separated (config/buildSettings.ts). */
    ALFA_EXTERNAL_HOSTS?: string
  }
}
