// The Taro H5 runtime must load before anything that imports it (an import cycle otherwise
// fails on 'history'); hooks such as useLoad need the React adapter registered.
/* eslint-disable @typescript-eslint/no-require-imports -- required in this order, before any import is hoisted above them */
require('@tarojs/taro')
const React = require('react')
const ReactDOM = require('react-dom')
const { createH5NativeComponentConfig } = require('@tarojs/plugin-framework-react/dist/runtime')

createH5NativeComponentConfig(null, React, ReactDOM)

export {}
