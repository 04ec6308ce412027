/**
 * Scripts after the first paint.
 *
 * Every page is whole HTML from the server; its scripts only add behaviour (hydration). React
 * Router writes ~20 module preloads into `<head>` and an inline module script that imports the
 * page's modules, so the browser fetches all of them while it parses, before it paints: on a slow
 * phone line they take the bandwidth the first paint needs. The server's document stream parks
 * both (`afterPaintStream`, same markup with an attribute changed), and this constant script,
 * at the end of `<body>`, turns them back on once the first frame is painted.
 */
export const PARKED_PRELOAD_ATTRIBUTE = "data-after-paint";
export const PARKED_MODULE_TYPE = "module-after-paint";

// Started when the browser reports the first contentful paint; where it cannot tell, one frame
// later; a hidden tab paints nothing, so it starts at once; and after a second in any case.
export const afterPaintScript = `(function(){var s=false;function go(){if(s)return;s=true;document.querySelectorAll("link[${PARKED_PRELOAD_ATTRIBUTE}]").forEach(function(l){l.rel=l.getAttribute("${PARKED_PRELOAD_ATTRIBUTE}");l.removeAttribute("${PARKED_PRELOAD_ATTRIBUTE}")});document.querySelectorAll('script[type="${PARKED_MODULE_TYPE}"]').forEach(function(o){var n=document.createElement("script");n.type="module";n.async=true;n.nonce=o.nonce;n.textContent=o.textContent;o.replaceWith(n)})}setTimeout(go,1000);if(document.visibilityState==="hidden")return go();try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});return}}catch(e){}requestAnimationFrame(function(){setTimeout(go,0)})})()`;
