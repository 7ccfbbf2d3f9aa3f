/** Shared by the chart and its legend (the legend is in the section, which must not load uPlot). */
export const returnsColour = '#0f5b3a';
export const balanceColour = '#1d4ed8';
/** Gridlines, ticks and the left axis line in one colour, so the gridlines visibly run into the axis. */
export const gridColour = 'rgba(0, 0, 0, 0.12)';
