// @ts-check
'use strict'
// The Baidu build's home page rendered in miniprogram-simulate: dist/swan translated to WXML
// (lib/swan-to-wxml.js) and checked as weapp-simulate-home.js checks the WeChat build — the entry
// tiles and their navigation, the capsule-aware navigation bar on a first and a second page.
process.env.ALFA_SIMULATE_TARGET = 'swan'
require('./weapp-simulate-home.js')
