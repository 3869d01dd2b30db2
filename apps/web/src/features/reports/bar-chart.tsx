import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { labelEvery } from './report-format';

export interface ChartSeries {
  label: string;
  /** A CSS colour, also the legend's swatch. */
  color: string;
  values: readonly number[];
}

const AXIS_FONT = '12px system-ui, sans-serif';
const AXIS_STROKE = '#64748b'; // slate-500
const GRID_STROKE = '#e2e8f0'; // slate-200

/**
 * Bars per category, side by side when there are two series (uPlot on a canvas). The chart is
 * a picture to a screen reader: role="img" named by `summary`; the table under it holds the
 * figures. It takes its container's width (a ResizeObserver) and labels fewer categories when
 * narrow, so a phone at 360 px reads it.
 */
export function BarChart({
  categories,
  series,
  summary,
  formatValue,
  height = 240,
}: {
  /** The x axis: one label per bar group. */
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** What the chart shows, in words, for screen readers. */
  summary: string;
  /** A value on the y axis. */
  formatValue: (value: number) => string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const count = categories.length;
    const width = Math.max(240, element.clientWidth);
    const bars = series.length;
    const share = bars > 1 ? 0.8 / bars : 0.6;
    const options: uPlot.Options = {
      width,
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: () => [-0.5, count - 0.5] },
        y: { range: (_plot, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          font: AXIS_FONT,
          stroke: AXIS_STROKE,
          grid: { show: false },
          ticks: { show: false },
          splits: (plot) => {
            const every = labelEvery(count, plot.width);
            return categories.map((_, index) => index).filter((index) => index % every === 0);
          },
          values: (_plot, splits) => splits.map((index) => categories[index] ?? ''),
        },
        {
          font: AXIS_FONT,
          stroke: AXIS_STROKE,
          grid: { stroke: GRID_STROKE, width: 1 },
          ticks: { show: false },
          size: 64,
          values: (_plot, splits) => splits.map((value) => formatValue(value)),
        },
      ],
      series: [
        {},
        ...series.map((one, index) => ({
          label: one.label,
          stroke: one.color,
          fill: one.color,
          width: 0,
          points: { show: false },
          paths: uPlot.paths.bars?.({
            size: [share, 48],
            // Two series: the first's bar left of the category's mark, the second's right.
            align: bars === 2 ? ((index === 0 ? -1 : 1) as -1 | 1) : 0,
          }),
        })),
      ],
    };
    const data: uPlot.AlignedData = [
      categories.map((_, index) => index),
      ...series.map((one) => [...one.values]),
    ];
    const plot = new uPlot(options, data, element);
    plot.root.setAttribute('aria-hidden', 'true');
    const observer = new ResizeObserver(() => {
      const next = Math.max(240, element.clientWidth);
      if (next !== plot.width) plot.setSize({ width: next, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [categories, series, height, formatValue]);

  return (
    <figure className="m-0">
      <div
        role="img"
        aria-label={summary}
        ref={box}
        className="w-full overflow-hidden"
        style={{ minHeight: height }}
      />
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {series.map((one) => (
          <span key={one.label} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block size-3 rounded-sm"
              style={{ backgroundColor: one.color }}
            />
            {one.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
