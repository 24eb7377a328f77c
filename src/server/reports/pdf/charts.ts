import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Charts for the PDFs drawn on the server as SVG (ECharts' server-side rendering; Recharts renders
// nothing on the server), in the PDF thread, then laid into the document by pdfmake's SVG support.

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, SVGRenderer]);

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Revenue and cost as bars and the margin as a line, per month (R$). */
export function monthlyChartSvg(
  months: readonly { label: string; revenue: number; cost: number; margin: number }[],
  { width = 515, height = 220 } = {},
): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({
    animation: false,
    textStyle: { fontFamily: 'Roboto', fontSize: 9, color: '#334155' },
    grid: { left: 48, right: 12, top: 28, bottom: 24 },
    legend: { top: 0, itemWidth: 10, itemHeight: 8, textStyle: { fontSize: 9 } },
    xAxis: { type: 'category', data: months.map((m) => m.label), axisTick: { show: false } },
    yAxis: {
      type: 'value',
      axisLabel: { formatter: (v: number) => `R$ ${compact.format(v)}` },
      splitLine: { lineStyle: { color: '#e2e8f0' } },
    },
    series: [
      {
        name: 'Receita',
        type: 'bar',
        data: months.map((m) => m.revenue),
        itemStyle: { color: '#1e40af' },
        barGap: '10%',
      },
      { name: 'Custo', type: 'bar', data: months.map((m) => m.cost), itemStyle: { color: '#94a3b8' } },
      {
        name: 'Lucro',
        type: 'line',
        data: months.map((m) => m.margin),
        itemStyle: { color: '#15803d' },
        lineStyle: { width: 2 },
        symbolSize: 4,
      },
    ],
  });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}
