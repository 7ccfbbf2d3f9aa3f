/** Shared by the chart and its legend (the legend is in the section, which must not load uPlot). */
export const returnsColour = '#0f5b3a';
export const balanceColour = '#1d4ed8';
