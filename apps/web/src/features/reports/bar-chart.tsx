import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import { type AxisLayout, axisLayout, shortLabel } from './report-format';

export interface ChartSeries {
  label: string;
  /** A CSS colour, also the legend's swatch. */
  color: string;
  values: readonly number[];
}

const AXIS_FONT = '12px system-ui, sans-serif';
const AXIS_STROKE = '#64748b'; // slate-500
const GRID_STROKE = '#e2e8f0'; // slate-200
const Y_AXIS_SIZE = 64;
const MIN_WIDTH = 240;

/**
 * Bars per category, side by side when there are two series (uPlot on a canvas). The chart is
 * a picture to a screen reader: role="img" named by `summary`; the table under it holds the
 * figures. It takes its container's width (a ResizeObserver) and, when narrow, labels every
 * few periods (`crowded="skip"`, a run of days) or turns names on their side
 * (`crowded="rotate"`, technicians, holders), so a phone at 360 px reads it.
 */
export function BarChart({
  categories,
  series,
  summary,
  formatValue,
  crowded = 'skip',
  height = 240,
}: {
  /** The x axis: one label per bar group. */
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** What the chart shows, in words, for screen readers. */
  summary: string;
  /** A value on the y axis; `largest` is the axis' top label, for one unit along it. */
  formatValue: (value: number, largest: number) => string;
  crowded?: AxisLayout['mode'];
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(MIN_WIDTH, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element || width === 0) return;
    const plotWidth = width - Y_AXIS_SIZE - 16;
    // Whole labels where each fits its bar; else cut to 14 characters (the table has them whole).
    const whole = axisLayout(categories, plotWidth, crowded);
    const fits = whole.every === 1 && whole.rotate === 0;
    const labels = fits ? [...categories] : categories.map((category) => shortLabel(category));
    const count = labels.length;
    const layout = fits ? whole : axisLayout(labels, plotWidth, crowded);
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
          rotate: layout.rotate,
          size: layout.size,
          splits: () =>
            labels.map((_, index) => index).filter((index) => index % layout.every === 0),
          values: (_plot, splits) => splits.map((index) => labels[index] ?? ''),
        },
        {
          font: AXIS_FONT,
          stroke: AXIS_STROKE,
          grid: { stroke: GRID_STROKE, width: 1 },
          ticks: { show: false },
          size: Y_AXIS_SIZE,
          values: (_plot, splits) => {
            const largest = Math.max(0, ...splits);
            return splits.map((value) => formatValue(value, largest));
          },
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
      labels.map((_, index) => index),
      ...series.map((one) => [...one.values]),
    ];
    const plot = new uPlot(options, data, element);
    plot.root.setAttribute('aria-hidden', 'true');
    return () => plot.destroy();
  }, [width, categories, series, height, formatValue, crowded]);

  return (
    <figure className="m-0">
      <div role="img" aria-label={summary} ref={box} className="w-full overflow-hidden" />
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
