"use strict";

// Compatibility shims for code written against @acme/layout 3.x.
const { Document, Font } = require("@acme/layout");

function createLegacyDocument(title) {
  const doc = new Document();
  doc.title = title;
  doc.font = Font.system("Helvetica");
  doc.fontSize = 11;
  return doc;
}

function toLegacyBuffer(bytes) {
  return Buffer.from(bytes);
}

module.exports = { createLegacyDocument, toLegacyBuffer };
