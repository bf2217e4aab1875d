"use strict";

function pad(n) {
  return String(n).padStart(2, "0");
}

exports.formatDate = function formatDate(date) {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
};

exports.quarterOf = (date) => `${date.getFullYear()}-Q${Math.floor(date.getMonth() / 3) + 1}`;

exports.parseQuarter = function parseQuarter(text) {
  const match = /^(\d{4})-Q([1-4])$/.exec(text);
  if (!match) throw new RangeError(`not a quarter: ${text}`);
  return { year: Number(match[1]), quarter: Number(match[2]) };
};
