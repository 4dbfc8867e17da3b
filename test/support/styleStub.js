// @ts-check
module.exports = {}
