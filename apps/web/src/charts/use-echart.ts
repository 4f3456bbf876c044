import { useEffect, useRef } from 'react';
import { init, use, type ComposeOption, type ECharts } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type MarkAreaComponentOption,
  type MarkLineComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// The one chart wrapper of the console (DESIGN.md §3), imported only by the screens that draw charts. Only the parts
// they draw, so the chunk stays small; SVG keeps the text crisp and in the page.
use([
  LineChart,
  BarChart,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  SVGRenderer,
]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | DataZoomComponentOption
  | GridComponentOption
  | LegendComponentOption
  | MarkAreaComponentOption
  | MarkLineComponentOption
  | TooltipComponentOption
>;

/** A chart in the returned element's node, following `option` and the node's size. */
export function useEChart(option: ChartOption) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts>(undefined);
  useEffect(() => {
    const node = ref.current!;
    const c = init(node, undefined, { renderer: 'svg' });
    chart.current = c;
    const resized = new ResizeObserver(() => c.resize());
    resized.observe(node);
    return () => {
      resized.disconnect();
      c.dispose();
      chart.current = undefined;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return ref;
}
