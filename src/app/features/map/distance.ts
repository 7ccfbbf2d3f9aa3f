/** Markets where distances read in miles. */
const mileLocales = new Set(['en-US', 'en-GB']);

/** "350 m", "2.4 km", "1.5 mi" in the interface language. */
export function formatDistance(metres: number, locale: string): string {
  if (mileLocales.has(locale)) {
    const miles = metres / 1609.344;
    if (miles < 0.1)
      return new Intl.NumberFormat(locale, { style: 'unit', unit: 'foot', maximumFractionDigits: 0 }).format(
        Math.round((metres * 3.28084) / 10) * 10,
      );
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'mile', maximumFractionDigits: miles < 10 ? 1 : 0 }).format(miles);
  }
  if (metres < 1000)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(Math.round(metres / 10) * 10);
  const kilometres = metres / 1000;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: kilometres < 10 ? 1 : 0 }).format(
    kilometres,
  );
}
