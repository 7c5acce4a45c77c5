module.exports = require('preact/compat/client')
