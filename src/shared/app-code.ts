/**
 * The id of the `<template>` in a server-drawn page's HTML that lists the app's code and the page's
 * as `<link rel="modulepreload">`s: the browser's entry adds them to the page once it has painted
 * (src/web/boot.ts), so all of it is fetched at once.
 */
export const appCodeTemplateId = 'app-code'
