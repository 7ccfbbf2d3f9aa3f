import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ImpactMonth } from '#domain/schemas/impact';
import { balanceColour, returnsColour } from './chart-colours';
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
    const labelStep = (width: number) => Math.max(1, Math.ceil(months.length / Math.max(1, Math.floor((width - 110) / labelWidth))));
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: chartHeight,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: () => [-0.5, months.length - 0.5] },
        items: { range: (_plot, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
        money: { range: (_plot, _min, max) => [Math.min(0, _min), max > 0 ? max * 1.15 : 1] },
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
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000],
        },
        {
          scale: 'money',
          side: 1,
          stroke: balanceColour,
          font: '12px system-ui, sans-serif',
          size: 64,
          grid: { show: false },
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
    const data: uPlot.AlignedData = [
      indexes,
      months.map((month) => month.returned_items),
      months.map((month) => Number(month.balance.value)),
    ];
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
