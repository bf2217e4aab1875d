export * from "./tables.js";
export { addHeader, addChrome } from "./header.js";
export { addFooter } from "./footer.js";
export { buildCover } from "./cover.js";
export { addSummaryColumns } from "./columns.js";
export { loadLogo, placeImages } from "./images.js";
