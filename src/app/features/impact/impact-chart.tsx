import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ImpactMonth } from '#domain/schemas/impact';
import { chartScales } from './axes';
import { balanceColour, gridColour, returnsColour } from './chart-colours';
import { formatAxisAmount, formatMonth } from './format';

const chartHeight = 220;
/** Below this width per label, month labels are thinned out so they never overlap. */
const labelWidth = 56;

/**
 * Returns per month (bars, left axis) and the balance at each month's end (line, right axis),
 * drawn by uPlot on a canvas. It is decoration for sighted readers: the section's table holds the
 * same figures for everyone else, and this chart is hidden from assistive technology by its parent.
 * Loaded on its own (React.lazy) when the section comes into view.
 */
export default function ImpactChart({ months, locale }: { months: readonly ImpactMonth[]; locale: string }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element || months.length === 0) return;
    const currency = months[0]!.balance.currency;
    const indexes = months.map((_, index) => index);
    const balances = months.map((month) => Number(month.balance.value));
    const scales = chartScales(Math.max(0, ...months.map((month) => month.returned_items)), Math.max(0, ...balances), currency);
    const labelStep = (width: number) => Math.max(1, Math.ceil(months.length / Math.max(1, Math.floor((width - 110) / labelWidth))));
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: chartHeight,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: () => [-0.5, months.length - 0.5] },
        items: { range: () => [0, scales.returns.max] },
        money: { range: () => [0, scales.balance.max] },
      },
      axes: [
        {
          splits: () => indexes,
          values: (plot, splits) => {
            const step = labelStep(plot.width);
            return splits.map((index) =>
              index % step === 0 || index === months.length - 1 ? formatMonth(months[index]?.month ?? '', locale) : '',
            );
          },
          grid: { show: false },
          font: '12px system-ui, sans-serif',
          stroke: '#1a1a1a',
        },
        {
          scale: 'items',
          stroke: returnsColour,
          font: '12px system-ui, sans-serif',
          size: 40,
          splits: () => scales.returns.splits,
          grid: { stroke: gridColour, width: 1 },
          ticks: { stroke: gridColour, width: 1, size: 6 },
          border: { show: true, stroke: gridColour, width: 1 },
        },
        {
          scale: 'money',
          side: 1,
          stroke: balanceColour,
          font: '12px system-ui, sans-serif',
          size: 64,
          splits: () => scales.balance.splits,
          grid: { show: false },
          ticks: { stroke: gridColour, width: 1, size: 6 },
          values: (_plot, splits) => splits.map((value) => formatAxisAmount(value, currency, locale)),
        },
      ],
      series: [
        {},
        {
          scale: 'items',
          stroke: returnsColour,
          fill: 'rgba(15, 91, 58, 0.55)',
          width: 1,
          paths: uPlot.paths.bars?.({ size: [0.6, 48] }),
          points: { show: false },
        },
        { scale: 'money', stroke: balanceColour, width: 2.5, points: { show: true, size: 6, fill: balanceColour } },
      ],
    };
    const data: uPlot.AlignedData = [indexes, months.map((month) => month.returned_items), balances];
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height: chartHeight }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [months, locale]);

  return <div ref={container} className="impact-chart__canvas" data-testid="impact-chart-canvas" />;
}
