const moneyFormats = new Map();

export function formatMoney(amount, currency = "EUR", locale = "fr-FR") {
  const key = `${locale}:${currency}`;
  if (!moneyFormats.has(key)) {
    moneyFormats.set(key, new Intl.NumberFormat(locale, { style: "currency", currency }));
  }
  return moneyFormats.get(key).format(amount);
}

export function formatPercent(value, locale = "fr-FR") {
  const sign = value > 0 ? "+" : "";
  return sign + new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(value);
}

export function formatNumber(value, locale = "fr-FR") {
  return new Intl.NumberFormat(locale).format(value);
}
