//! Charts as SVG, drawn by the core so that Python, the command line and the web page show the
//! same picture: grouped bars (ASR per operator), line curves (ASR per level), heatmaps (MRS per
//! model and dataset), each with interval bars when bootstrap intervals exist, and the paper's
//! figure kinds: distributions across models per operator (markers over the min–max range and
//! the median) and stacked shares per operator or model (full / partial / no refusal). Series
//! take Okabe–Ito colours and a marker each; [`with_style`] draws for print (width and font in
//! pt, the author's font). Every text is escaped; values are fractions shown as percents.
//!
//! ```
//! use tabeq_trust::chart::{bars, Series};
//! let svg = bars("ASR by operator", &["ROS".into(), "NRI".into()],
//!     &[Series { name: "m".into(), values: vec![Some(0.25), None] }]);
//! assert!(svg.starts_with("<svg") && svg.contains("<title>m, ROS: 25.00%</title>"));
//! ```

use core::fmt::Write as _;

use tabeq::doc::esc;

/// One named series of values (fractions; `None` where undefined).
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// One value per category, in category order.
    pub values: Vec<Option<f64>>,
}

impl Series {
    /// The value at category `c` when it is there and finite (what a chart draws).
    fn finite_at(&self, c: usize) -> Option<f64> {
        self.values
            .get(c)
            .copied()
            .flatten()
            .filter(|v| v.is_finite())
    }
}

/// Colours of series, in order: Okabe and Ito's palette, safe for the common colour-vision
/// deficiencies (yellow last of the colours: it reads worst on white).
pub const PALETTE: [&str; 8] = [
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442",
];

/// Marker shapes, in order; series `i` gets colour `i % 8` and marker `(i + i / 8) % 7`, so that
/// no two of the first 56 series share a colour and a marker (and neighbours differ in both).
pub const MARKERS: [&str; 7] = [
    "circle",
    "square",
    "triangle",
    "diamond",
    "triangle-down",
    "plus",
    "cross",
];

/// Dash patterns of lines: solid for the first eight series, then dashed, dotted, dash-dotted.
const DASHES: [&str; 4] = ["", "6 3", "2 2", "8 3 2 3"];

/// How charts are drawn: their width (in user units, which are `unit`s on the page), the font's
/// size and family, and whether the chart draws its title (a paper's figure has a caption
/// instead).
#[derive(Debug, Clone, PartialEq)]
pub struct ChartStyle {
    /// Width in user units.
    pub width: f64,
    /// Font size in user units.
    pub font_size: f64,
    /// CSS font family list.
    pub font_family: String,
    /// The unit of the SVG's `width` and `height` (`""` for pixels, `"pt"` for print).
    pub unit: String,
    /// Whether the title is drawn above the plot.
    pub title: bool,
}

impl ChartStyle {
    /// The screen's charts: 640 px wide, 11 px text in the system font, titled.
    pub fn screen() -> ChartStyle {
        ChartStyle {
            width: 640.0,
            font_size: 11.0,
            font_family: "system-ui,sans-serif".into(),
            unit: String::new(),
            title: true,
        }
    }

    /// A paper's figure: `width_pt` wide (a two-column paper's column is about 240 pt), text at
    /// `font_pt` (8 or 9 reads well), in `font_family`, untitled (the caption says what it shows).
    pub fn paper(width_pt: f64, font_pt: f64, font_family: &str) -> ChartStyle {
        ChartStyle {
            width: width_pt.clamp(100.0, 2000.0),
            font_size: font_pt.clamp(4.0, 40.0),
            font_family: font_family.to_string(),
            unit: "pt".into(),
            title: false,
        }
    }
}

impl ChartStyle {
    /// A paper's style from options JSON `{"width_pt": 240, "font_size_pt": 8, "font":
    /// "Helvetica, Arial, sans-serif"}` (every key optional; `""` gives these defaults).
    pub fn paper_from_json(options_json: &str) -> Result<ChartStyle, crate::TrustError> {
        Self::paper_from_input(tabeq::cpython_json::JsonInput::Text(options_json))
    }

    /// [`ChartStyle::paper_from_json`] of the options as text or as a value.
    pub fn paper_from_input(
        options: tabeq::cpython_json::JsonInput<'_>,
    ) -> Result<ChartStyle, crate::TrustError> {
        use tabeq::cpython_json::Value;
        let invalid = |m: String| crate::TrustError::new(crate::TrustErrorCode::InvalidOptions, m);
        let mut style = ChartStyle::paper(240.0, 8.0, "Helvetica, Arial, sans-serif");
        if options.is_blank() {
            return Ok(style);
        }
        let value = options
            .value()
            .map_err(|e| invalid(format!("figure options are not JSON: {e}")))?;
        let Value::Object(members) = value.into_owned() else {
            return Err(invalid("figure options must be an object".into()));
        };
        for (key, v) in members {
            let number = match v {
                Value::Int(i) => Some(i as f64),
                Value::Float(f) => Some(f),
                _ => None,
            };
            match (key.as_str(), number, v) {
                (_, _, Value::Null) => {}
                ("width_pt", Some(w), _) if (100.0..=2000.0).contains(&w) => style.width = w,
                ("font_size_pt", Some(f), _) if (4.0..=40.0).contains(&f) => style.font_size = f,
                ("font", _, Value::Str(f)) if !f.trim().is_empty() && f.len() <= 200 => {
                    style.font_family = f
                }
                (other, _, _) => {
                    return Err(invalid(format!(
                        "figure option {other:?}: expected width_pt (100 to 2000), font_size_pt (4 to 40) or font (a CSS font family list)"
                    )))
                }
            }
        }
        Ok(style)
    }
}

thread_local! {
    // The style while charts are drawn: a thread-local rather than a parameter of every chart
    // function, which the reports call deep inside their document builders.
    static STYLE: core::cell::RefCell<ChartStyle> = core::cell::RefCell::new(ChartStyle::screen());
}

/// Run `draw` with charts drawn in `style` (the screen's again afterwards).
pub fn with_style<T>(style: ChartStyle, draw: impl FnOnce() -> T) -> T {
    let before = STYLE.replace(style);
    let result = draw();
    STYLE.set(before);
    result
}

fn style<T>(read: impl FnOnce(&ChartStyle) -> T) -> T {
    STYLE.with_borrow(read)
}

/// The scale of every offset and mark: the font size over the screen's 11.
fn k() -> f64 {
    style(|s| s.font_size / 11.0)
}

fn width() -> f64 {
    style(|s| s.width)
}

fn plot_top() -> f64 {
    if style(|s| s.title) {
        36.0 * k()
    } else {
        12.0 * k()
    }
}

/// The plot's height: 220 on a wide chart, else 62% of the width.
fn plot_height() -> f64 {
    let w = width();
    if w >= 400.0 {
        220.0
    } else {
        0.62 * w
    }
}

/// Left margin: tick labels and the rotated y-axis label.
fn left_margin() -> f64 {
    64.0 * k()
}

fn right_margin() -> f64 {
    16.0 * k()
}

/// Series `i`'s marker shape.
pub fn marker_of(i: usize) -> &'static str {
    MARKERS[(i + i / PALETTE.len()) % MARKERS.len()]
}

fn dash_of(i: usize) -> &'static str {
    DASHES[(i / PALETTE.len()) % DASHES.len()]
}

/// A marker of `shape` centred at (x, y) with radius `r`, filled with `fill`, with a tooltip.
fn marker(out: &mut String, shape: &str, (x, y): (f64, f64), r: f64, fill: &str, tip: &str) {
    let edge = "stroke=\"#ffffff\" stroke-width=\"0.6\"";
    let title = if tip.is_empty() {
        String::new()
    } else {
        format!("<title>{tip}</title>")
    };
    let _ = match shape {
        "square" => write!(
            out,
            "<rect class=\"marker\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{fill}\" {edge}>{title}</rect>",
            x - 0.85 * r,
            y - 0.85 * r,
            1.7 * r,
            1.7 * r
        ),
        "triangle" | "triangle-down" | "diamond" => {
            let points = match shape {
                "triangle" => [(0.0, -1.15), (1.0, 0.75), (-1.0, 0.75)].to_vec(),
                "triangle-down" => [(0.0, 1.15), (1.0, -0.75), (-1.0, -0.75)].to_vec(),
                _ => [(0.0, -1.2), (1.0, 0.0), (0.0, 1.2), (-1.0, 0.0)].to_vec(),
            };
            let points: Vec<String> = points
                .iter()
                .map(|(dx, dy)| format!("{:.1},{:.1}", x + dx * r, y + dy * r))
                .collect();
            write!(
                out,
                "<polygon class=\"marker\" points=\"{}\" fill=\"{fill}\" {edge}>{title}</polygon>",
                points.join(" ")
            )
        }
        "plus" | "cross" => {
            let d = if shape == "plus" { r } else { 0.8 * r };
            let path = if shape == "plus" {
                format!("M{:.1},{y:.1}H{:.1}M{x:.1},{:.1}V{:.1}", x - d, x + d, y - d, y + d)
            } else {
                format!(
                    "M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}",
                    x - d,
                    y - d,
                    x + d,
                    y + d,
                    x - d,
                    y + d,
                    x + d,
                    y - d
                )
            };
            write!(
                out,
                "<path class=\"marker\" d=\"{path}\" stroke=\"{fill}\" stroke-width=\"{:.1}\" fill=\"none\">{title}</path>",
                0.55 * r
            )
        }
        _ => write!(
            out,
            "<circle class=\"marker\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\" {edge}>{title}</circle>"
        ),
    };
}

/// The axes' labels a chart's title implies: `ASR by operator` → ("Operator", "ASR (%) ↓"); a
/// metric's arrow says which way is better (PRR, NRR, ASR and RAD lower; MRS, FRR and the
/// accuracies higher).
fn axis_labels(title: &str) -> (String, String) {
    let metric = title.split(' ').next().unwrap_or("");
    let y = match metric {
        "MRS" | "FRR" | "Acc_clean" | "Acc_rob" => format!("{metric} (%) \u{2191}"),
        "PRR" | "NRR" | "ASR" | "RAD" => format!("{metric} (%) \u{2193}"),
        "Response" => "Share of responses (%)".to_string(),
        _ => "%".to_string(),
    };
    let x = title
        .split_once(" by ")
        .map(|(_, rest)| {
            let axis = rest.split([' ', '(']).next().unwrap_or("");
            let mut chars = axis.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        })
        .unwrap_or_default();
    (x, y)
}

fn pct(v: f64) -> String {
    format!("{:.2}%", 100.0 * v)
}

/// Series `i`'s colour.
pub fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// Interval bars: `intervals[s][c]` is the (low, high) interval of series `s` at category `c`
/// (`None`, or a missing entry, draws no bar). An empty slice draws none.
pub type Intervals = [Vec<Option<(f64, f64)>>];

/// The interval of series `s` at category `c`, when it is finite and ordered.
fn interval_at(intervals: &Intervals, s: usize, c: usize) -> Option<(f64, f64)> {
    intervals
        .get(s)?
        .get(c)
        .copied()
        .flatten()
        .filter(|(lo, hi)| lo.is_finite() && hi.is_finite() && lo <= hi)
}

/// The largest finite value of the series (0 when there is none).
fn largest(series: &[Series]) -> f64 {
    series
        .iter()
        .flat_map(|s| s.values.iter().flatten())
        .copied()
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max)
}

/// The largest value of the series and of the intervals' upper ends.
fn largest_with(series: &[Series], intervals: &Intervals) -> f64 {
    let highs = intervals
        .iter()
        .flatten()
        .flatten()
        .map(|(_, hi)| *hi)
        .filter(|v| v.is_finite());
    highs.fold(largest(series), f64::max)
}

/// The largest value drawn on the y axis: 100% unless every value is small, then the next 10%.
fn y_max(top: f64) -> f64 {
    if top <= 0.0 {
        1.0
    } else {
        ((top * 10.0).ceil() / 10.0).clamp(0.1, 1.0).max(top)
    }
}

fn open(out: &mut String, height: f64, title: &str) {
    let (w, unit) = (width(), style(|s| s.unit.clone()));
    let font = style(|s| {
        format!(
            "font-family=\"{}\" font-size=\"{}\"",
            esc(&s.font_family),
            s.font_size
        )
    });
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}{unit}\" height=\"{height:.1}{unit}\" viewBox=\"0 0 {w} {height:.1}\" role=\"img\" aria-label=\"{0}\" {font}>\
<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
        esc(title)
    );
    if style(|s| s.title) {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" font-weight=\"600\">{}</text>",
            left_margin(),
            20.0 * k(),
            14.0 * k(),
            esc(title)
        );
    }
}

/// The y axis with gridlines at fifths of `max`, and its label (rotated, left of the ticks).
fn y_axis(out: &mut String, max: f64, label: &str) {
    let (left, top, plot) = (left_margin(), plot_top(), plot_height());
    for i in 0..=5 {
        let v = max * f64::from(i) / 5.0;
        let y = top + plot * (1.0 - f64::from(i) / 5.0);
        let _ = write!(
            out,
            "<line x1=\"{left:.1}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#e5e5e5\"/>\
<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#555\">{:.0}%</text>",
            width() - right_margin(),
            left - 6.0 * k(),
            y + 4.0 * k(),
            100.0 * v
        );
    }
    let _ = write!(
        out,
        "<line x1=\"{left:.1}\" x2=\"{left:.1}\" y1=\"{top:.1}\" y2=\"{:.1}\" stroke=\"#888\"/>",
        top + plot
    );
    if !label.is_empty() {
        let (x, y) = (12.0 * k(), top + plot / 2.0);
        let _ = write!(
            out,
            "<text class=\"axis-label\" x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 {x:.1} {y:.1})\">{}</text>",
            esc(label)
        );
    }
}

/// Legend entries wrap onto as many lines as they need; each entry's x and line.
fn legend_layout(series: &[Series]) -> Vec<(f64, usize)> {
    let (left, right) = (left_margin(), width() - right_margin());
    let (mut x, mut line) = (left, 0usize);
    series
        .iter()
        .map(|s| {
            let entry = (24.0 + 6.5 * s.name.chars().count() as f64) * k();
            if x > left && x + entry > right {
                x = left;
                line += 1;
            }
            let at = (x, line);
            x += entry;
            at
        })
        .collect()
}

/// Height of a chart with a plot, x labels, the x-axis label and the legend's lines.
fn chart_height(series: &[Series]) -> f64 {
    let lines = legend_layout(series).last().map_or(0, |(_, l)| l + 1);
    plot_top() + plot_height() + (44.0 + 16.0 * lines as f64) * k()
}

/// How far category labels reach below their baseline when they are too wide for their band
/// and drawn slanted (0 when they fit upright).
fn slant_drop(categories: &[String]) -> f64 {
    let longest = categories
        .iter()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(0);
    let text = 6.5 * k() * longest as f64;
    if text > band_width(categories) * 0.95 {
        text * 0.5
    } else {
        0.0
    }
}

/// How a legend entry shows its series: a marker, or a swatch (stacked parts).
#[derive(Clone, Copy, PartialEq)]
enum Key {
    Marker,
    Swatch,
}

fn legend(
    out: &mut String,
    series: &[Series],
    colour: impl Fn(usize) -> &'static str,
    key: Key,
    drop: f64,
) {
    let top = plot_top() + plot_height() + 56.0 * k() + drop;
    for (i, (s, (x, line))) in series.iter().zip(legend_layout(series)).enumerate() {
        let y = top + 16.0 * k() * line as f64;
        match key {
            Key::Marker => marker(
                out,
                marker_of(i),
                (x + 5.0 * k(), y - 4.0 * k()),
                4.0 * k(),
                colour(i),
                "",
            ),
            Key::Swatch => {
                let _ = write!(
                    out,
                    "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\"/>",
                    y - 9.0 * k(),
                    10.0 * k(),
                    10.0 * k(),
                    colour(i)
                );
            }
        }
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            x + 14.0 * k(),
            y,
            esc(&s.name)
        );
    }
}

/// The category labels under the band centres, and the x-axis label under them.
/// Labels too wide for their band are slanted (30°), ending under their band's centre.
fn x_labels(out: &mut String, categories: &[String], centre: impl Fn(usize) -> f64, label: &str) {
    let y = plot_top() + plot_height() + 16.0 * k();
    let drop = slant_drop(categories);
    for (i, c) in categories.iter().enumerate() {
        let x = centre(i);
        if drop > 0.0 {
            let _ = write!(
                out,
                "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"end\" transform=\"rotate(-30 {x:.1} {y:.1})\">{}</text>",
                esc(c)
            );
        } else {
            let _ = write!(
                out,
                "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"middle\">{}</text>",
                esc(c)
            );
        }
    }
    if !label.is_empty() {
        let x = (left_margin() + width() - right_margin()) / 2.0;
        let _ = write!(
            out,
            "<text class=\"axis-label\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            y + 16.0 * k() + drop,
            esc(label)
        );
    }
}

/// The width of each category's band across the plot area.
fn band_width(categories: &[String]) -> f64 {
    (width() - left_margin() - right_margin()) / categories.len().max(1) as f64
}

/// The x of the centre of category `i`'s band.
fn band_centre(band: f64, i: usize) -> f64 {
    left_margin() + band * (i as f64 + 0.5)
}

/// The y of value `v` on a y axis up to `max` (clamped to the plot area).
fn y_at(v: f64, max: f64) -> f64 {
    plot_top() + plot_height() * (1.0 - (v / max).clamp(0.0, 1.0))
}

/// A chart over categories (bars, lines, spreads, stacks): the SVG opened at the height its
/// legend needs with the y axis up to `top` (the largest value drawn), the marks `draw` adds
/// (given the axis maximum, for scaling, and the width of a category's band), the category
/// labels under the band centres, the axes' labels, and the legend in `colours` (markers, or
/// swatches for `Key::Swatch`); the SVG closed.
fn category_chart(
    title: &str,
    categories: &[String],
    series: &[Series],
    top: f64,
    (colours, key): (fn(usize) -> &'static str, Key),
    draw: impl FnOnce(&mut String, f64, f64),
) -> String {
    let mut out = String::new();
    let drop = slant_drop(categories);
    open(&mut out, chart_height(series) + drop, title);
    let max = y_max(top);
    let (x_label, y_label) = axis_labels(title);
    y_axis(&mut out, max, &y_label);
    let band = band_width(categories);
    draw(&mut out, max, band);
    x_labels(&mut out, categories, |i| band_centre(band, i), &x_label);
    legend(&mut out, series, colours, key, drop);
    out.push_str("</svg>");
    out
}

/// An interval bar at `x` from `lo` to `hi` (y scaled to `max`), with end caps and a tooltip.
fn interval_bar(
    out: &mut String,
    x: f64,
    (lo, hi): (f64, f64),
    max: f64,
    ink: &str,
    name: &str,
    category: &str,
) {
    let y = |v: f64| y_at(v, max);
    let (top, bottom) = (y(hi), y(lo));
    let _ = write!(
        out,
        "<g class=\"interval\" stroke=\"{ink}\" stroke-width=\"1.5\"><title>{}, {}: interval {} to {}</title>\
<line x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{top:.1}\" y2=\"{bottom:.1}\"/>\
<line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{top:.1}\" y2=\"{top:.1}\"/>\
<line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{bottom:.1}\" y2=\"{bottom:.1}\"/></g>",
        esc(name),
        esc(category),
        pct(lo),
        pct(hi),
        x - 3.0,
        x + 3.0,
        x - 3.0,
        x + 3.0,
    );
}

/// Grouped bars: one group per category, one bar per series; an undefined value is a dash.
pub fn bars(title: &str, categories: &[String], series: &[Series]) -> String {
    bars_with_intervals(title, categories, series, &[])
}

/// Grouped bars with an interval bar on each bar that has an interval.
pub fn bars_with_intervals(
    title: &str,
    categories: &[String],
    series: &[Series],
    intervals: &Intervals,
) -> String {
    let top = largest_with(series, intervals);
    let keyed = (colour as fn(usize) -> &'static str, Key::Marker);
    category_chart(title, categories, series, top, keyed, |out, max, band| {
        let bar = (band * 0.8) / series.len().max(1) as f64;
        for (c, category) in categories.iter().enumerate() {
            for (s, one) in series.iter().enumerate() {
                let x = left_margin() + band * c as f64 + band * 0.1 + bar * s as f64;
                let base = plot_top() + plot_height();
                match one.finite_at(c) {
                    Some(v) => {
                        let h = plot_height() * (v / max).clamp(0.0, 1.0);
                        let _ = write!(
                            out,
                            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{}\"><title>{}, {}: {}</title></rect>",
                            base - h,
                            (bar - 1.0).max(1.0),
                            colour(s),
                            esc(&one.name),
                            esc(category),
                            pct(v)
                        );
                        // The series' marker on the bar's top, so that the bar is known
                        // without its colour.
                        let centre = x + (bar - 1.0).max(1.0) / 2.0;
                        let r = (bar * 0.35).min(3.5 * k());
                        marker(out, marker_of(s), (centre, base - h), r, colour(s), "");
                        if let Some(ci) = interval_at(intervals, s, c) {
                            interval_bar(out, centre, ci, max, "#222", &one.name, category);
                        }
                    }
                    None => {
                        let _ = write!(
                            out,
                            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#999\">–<title>{}, {}: undefined</title></text>",
                            x + bar / 2.0,
                            base - 3.0 * k(),
                            esc(&one.name),
                            esc(category)
                        );
                    }
                }
            }
        }
    })
}

/// Lines over ordered categories (levels): one polyline per series, broken where undefined.
pub fn lines(title: &str, categories: &[String], series: &[Series]) -> String {
    lines_with_intervals(title, categories, series, &[])
}

/// Lines with an interval bar (in the series' colour) at each point that has an interval.
pub fn lines_with_intervals(
    title: &str,
    categories: &[String],
    series: &[Series],
    intervals: &Intervals,
) -> String {
    let top = largest_with(series, intervals);
    let keyed = (colour as fn(usize) -> &'static str, Key::Marker);
    category_chart(title, categories, series, top, keyed, |out, max, step| {
        let x_of = |i: usize| band_centre(step, i);
        let y_of = |v: f64| y_at(v, max);
        for (s, one) in series.iter().enumerate() {
            let mut runs: Vec<Vec<(f64, f64)>> = vec![Vec::new()];
            for (i, v) in one.values.iter().enumerate() {
                match v.filter(|v| v.is_finite()) {
                    Some(v) => runs.last_mut().map_or((), |r| r.push((x_of(i), y_of(v)))),
                    None => runs.push(Vec::new()),
                }
            }
            for run in runs.iter().filter(|r| r.len() > 1) {
                let points: Vec<String> =
                    run.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
                let dash = match dash_of(s) {
                    "" => String::new(),
                    d => format!(" stroke-dasharray=\"{d}\""),
                };
                let _ = write!(
                    out,
                    "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1}\"{dash}/>",
                    points.join(" "),
                    colour(s),
                    1.6 * k()
                );
            }
            for (i, v) in one.values.iter().enumerate() {
                if let Some(v) = v.filter(|v| v.is_finite()) {
                    if let Some(ci) = interval_at(intervals, s, i) {
                        let category = &categories[i.min(categories.len().saturating_sub(1))];
                        // Series side by side around the point, so that their bars do not overlap.
                        let dodge = 4.0 * (s as f64 - (series.len() as f64 - 1.0) / 2.0);
                        let x = x_of(i) + dodge.clamp(-step / 3.0, step / 3.0);
                        interval_bar(out, x, ci, max, colour(s), &one.name, category);
                    }
                    let tip = format!(
                        "{}, {}: {}",
                        esc(&one.name),
                        esc(&categories[i.min(categories.len().saturating_sub(1))]),
                        pct(v)
                    );
                    let at = (x_of(i), y_of(v));
                    marker(out, marker_of(s), at, 3.5 * k(), colour(s), &tip);
                }
            }
        }
    })
}

/// A heatmap: one row per series, one column per category, cells shaded by value (white → blue)
/// with the value written in.
pub fn heatmap(title: &str, categories: &[String], series: &[Series]) -> String {
    let k = k();
    let label_width = k
        * (8.0
            + 6.5
                * series
                    .iter()
                    .map(|s| s.name.chars().count())
                    .max()
                    .unwrap_or(4) as f64);
    let cell_h = 26.0 * k;
    let left = label_width.max(52.0 * k);
    let cell_w =
        ((width() - left - right_margin()) / categories.len().max(1) as f64).min(140.0 * k);
    let top = plot_top();
    let height = top + (20.0 + 12.0) * k + cell_h * series.len() as f64;
    let mut out = String::new();
    open(&mut out, height, title);
    let max = largest(series);
    for (c, category) in categories.iter().enumerate() {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            left + cell_w * (c as f64 + 0.5),
            top + 10.0 * k,
            esc(category)
        );
    }
    for (r, one) in series.iter().enumerate() {
        let y = top + 18.0 * k + cell_h * r as f64;
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 6.0 * k,
            y + cell_h / 2.0 + 4.0 * k,
            esc(&one.name)
        );
        for (c, category) in categories.iter().enumerate() {
            let x = left + cell_w * c as f64;
            let value = one.finite_at(c);
            let (fill, ink, text) = match value {
                Some(v) => {
                    let t = if max > 0.0 {
                        (v / max).clamp(0.0, 1.0)
                    } else {
                        0.0
                    };
                    // White (t = 0) to a deep blue (t = 1).
                    let channel = |from: f64, to: f64| (from + (to - from) * t).round() as u8;
                    (
                        format!(
                            "#{:02x}{:02x}{:02x}",
                            channel(255.0, 33.0),
                            channel(255.0, 102.0),
                            channel(255.0, 172.0)
                        ),
                        if t > 0.55 { "#ffffff" } else { "#111111" },
                        pct(v),
                    )
                }
                None => ("#f2f2f2".to_string(), "#999999", "–".to_string()),
            };
            let _ = write!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{fill}\" stroke=\"#ffffff\"><title>{}, {}: {}</title></rect>\
<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
                cell_w,
                cell_h,
                esc(&one.name),
                esc(category),
                esc(&text),
                x + cell_w / 2.0,
                y + cell_h / 2.0 + 4.0 * k,
                esc(&text)
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// Distributions across series per category (the paper's per-operator spread across models):
/// for each category a grey bar over the range of the series' values, a black tick at their
/// median, and one marker per series in its colour and shape (side by side, so equal values
/// stay visible).
pub fn distribution(title: &str, categories: &[String], series: &[Series]) -> String {
    category_chart(
        title,
        categories,
        series,
        largest(series),
        (colour, Key::Marker),
        |out, max, band| {
            let y_of = |v: f64| y_at(v, max);
            let spread = (band * 0.7 / series.len().max(1) as f64).min(9.0 * k());
            for (c, category) in categories.iter().enumerate() {
                let centre = band_centre(band, c);
                let mut values: Vec<f64> = series.iter().filter_map(|s| s.finite_at(c)).collect();
                values.sort_by(f64::total_cmp);
                if let (Some(lo), Some(hi)) = (values.first(), values.last()) {
                    let n = values.len();
                    let median = if n % 2 == 1 {
                        values[n / 2]
                    } else {
                        (values[n / 2 - 1] + values[n / 2]) / 2.0
                    };
                    let half = (band * 0.4).min(spread * series.len() as f64 / 2.0 + 4.0 * k());
                    let _ = write!(
                    out,
                    "<g class=\"spread\"><title>{}: {} series, range {} to {}, median {}</title>\
    <rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#e8e8e8\"/>\
    <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#111\" stroke-width=\"2\"/></g>",
                    esc(category),
                    n,
                    pct(*lo),
                    pct(*hi),
                    pct(median),
                    centre - half,
                    y_of(*hi) - 1.0,
                    2.0 * half,
                    (y_of(*lo) - y_of(*hi)) + 2.0,
                    centre - half,
                    centre + half,
                    y_of(median),
                    y_of(median),
                );
                }
                for (s, one) in series.iter().enumerate() {
                    let Some(v) = one.finite_at(c) else {
                        continue;
                    };
                    let x = centre + spread * (s as f64 - (series.len() as f64 - 1.0) / 2.0);
                    let tip = format!("{}, {}: {}", esc(&one.name), esc(category), pct(v));
                    let r = 3.5 * k();
                    marker(out, marker_of(s), (x, y_of(v)), r, colour(s), &tip);
                }
            }
        },
    )
}

/// Colours of stacked parts, in order (Okabe–Ito): blue, orange, grey, green (full refusal,
/// partial refusal, no refusal).
const PARTS: [&str; 4] = ["#0072B2", "#E69F00", "#BBBBBB", "#009E73"];

fn part_colour(i: usize) -> &'static str {
    PARTS[i % PARTS.len()]
}

/// Stacked bars of shares: one bar per category, one segment per part (the parts' values at a
/// category are shares that sum to the whole, drawn from the bottom in part order on a 0–100%
/// axis); a segment tall enough shows its percent.
pub fn stacked(title: &str, categories: &[String], parts: &[Series]) -> String {
    category_chart(
        title,
        categories,
        parts,
        1.0,
        (part_colour, Key::Swatch),
        |out, max, band| {
            let k = k();
            let width = (band * 0.7).min(56.0 * k);
            for (c, category) in categories.iter().enumerate() {
                let x = band_centre(band, c) - width / 2.0;
                let mut base = plot_top() + plot_height();
                for (p, part) in parts.iter().enumerate() {
                    let Some(v) = part.finite_at(c) else {
                        continue;
                    };
                    let h = plot_height() * (v / max).clamp(0.0, 1.0);
                    let _ = write!(
                    out,
                    "<rect class=\"segment\" x=\"{x:.1}\" y=\"{:.1}\" width=\"{width:.1}\" height=\"{h:.1}\" fill=\"{}\"><title>{}, {}: {}</title></rect>",
                    base - h,
                    part_colour(p),
                    esc(&part.name),
                    esc(category),
                    pct(v)
                );
                    if h >= 14.0 * k && width >= 30.0 * k {
                        // Dark ink on the light parts, white on the blue.
                        let ink = if p % PARTS.len() == 0 {
                            "#ffffff"
                        } else {
                            "#111111"
                        };
                        let _ = write!(
                        out,
                        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"{:.1}\" fill=\"{ink}\">{:.0}%</text>",
                        x + width / 2.0,
                        base - h / 2.0 + 3.5 * k,
                        10.0 * k,
                        100.0 * v
                    );
                    }
                    base -= h;
                }
            }
        },
    )
}

/// Several SVG figures stacked vertically in one SVG document (what `--format svg` prints).
pub fn stack(figures: &[&str]) -> String {
    let mut y = 0.0;
    let mut body = String::new();
    for svg in figures {
        let height = attribute(svg, "height").unwrap_or(300.0);
        let inner = svg.replacen("<svg ", &format!("<svg y=\"{y}\" "), 1);
        body.push_str(&inner);
        y += height + 8.0;
    }
    let w = width();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{0}\" viewBox=\"0 0 {w} {0}\">{body}</svg>",
        (y - 8.0).max(1.0)
    )
}

/// An SVG that says a report has no charts (so `--format svg` always prints a picture).
pub fn empty(title: &str) -> String {
    let mut out = String::new();
    open(&mut out, 60.0 * k(), title);
    let _ = write!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#555\">no charts for this report</text></svg>",
        left_margin(),
        44.0 * k()
    );
    out
}

fn attribute(svg: &str, name: &str) -> Option<f64> {
    let start = svg.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = svg[start..].find('"')? + start;
    svg[start..end].trim_end_matches("pt").parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series() -> Vec<Series> {
        vec![
            Series {
                name: "a<b".into(),
                values: vec![Some(0.5), None, Some(0.1)],
            },
            Series {
                name: "c".into(),
                values: vec![Some(0.0), Some(1.0), None],
            },
        ]
    }

    #[test]
    fn charts_escape_text_and_mark_undefined_values() {
        let cats = vec!["L0".to_string(), "L1&".to_string(), "L2".to_string()];
        for svg in [
            bars("t\"", &cats, &series()),
            lines("t\"", &cats, &series()),
            heatmap("t\"", &cats, &series()),
        ] {
            assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
            assert!(svg.ends_with("</svg>"));
            assert!(svg.contains("a&lt;b") && svg.contains("L1&amp;") && svg.contains("t&quot;"));
            assert!(!svg.contains("a<b") && !svg.contains("NaN"));
        }
        assert!(bars("t", &cats, &series()).contains("a&lt;b, L1&amp;: undefined"));
        assert!(heatmap("t", &cats, &series()).contains("c, L1&amp;: 100.00%"));
    }

    /// The value of `name="..."` in each element of `kind` with class `class` (or every one).
    fn attrs(svg: &str, open: &str, name: &str) -> Vec<f64> {
        svg.match_indices(open)
            .filter_map(|(at, _)| {
                attribute(
                    &svg[at..svg[at..].find('>').map_or(svg.len(), |e| at + e)],
                    name,
                )
            })
            .collect()
    }

    #[test]
    fn bars_and_lines_draw_one_interval_bar_per_point_with_an_interval() {
        let cats = vec!["L0".to_string(), "L1".to_string(), "L2".to_string()];
        let intervals = vec![
            vec![Some((0.4, 0.6)), Some((0.2, 0.3)), Some((0.05, 0.2))],
            vec![None, Some((0.9, 1.0)), Some((f64::NAN, 1.0))],
        ];
        // a<b at L1 is undefined and c's L2 interval is not finite: 3 bars of 6.
        for svg in [
            bars_with_intervals("t", &cats, &series(), &intervals),
            lines_with_intervals("t", &cats, &series(), &intervals),
        ] {
            assert_eq!(svg.matches("<g class=\"interval\"").count(), 3, "{svg}");
            assert!(svg.contains("<title>a&lt;b, L0: interval 40.00% to 60.00%</title>"));
            assert!(svg.contains("<title>c, L1: interval 90.00% to 100.00%</title>"));
            assert!(!svg.contains("NaN"));
        }
        // Without intervals, as before.
        assert!(!bars("t", &cats, &series()).contains("interval"));
        assert_eq!(
            bars("t", &cats, &series()),
            bars_with_intervals("t", &cats, &series(), &[])
        );
        // The axis reaches the highest interval end: 10% values with an interval up to 35%.
        let low = vec![Series {
            name: "m".into(),
            values: vec![Some(0.1)],
        }];
        let svg = bars_with_intervals("t", &cats[..1], &low, &[vec![Some((0.05, 0.35))]]);
        assert!(svg.contains(">40%</text>") && !svg.contains(">100%</text>"));
    }

    #[test]
    fn distribution_names_each_series_once_per_category_with_range_and_median() {
        let cats = vec!["FDM".to_string(), "EC".to_string()];
        let models: Vec<Series> = (0..8)
            .map(|i| Series {
                name: format!("model-{i}"),
                values: vec![Some(0.05 * f64::from(i)), (i != 3).then_some(0.01)],
            })
            .collect();
        let svg = distribution("MRS by operator across models", &cats, &models);
        // 15 defined values and 8 legend entries, each a marker.
        assert_eq!(svg.matches("class=\"marker\"").count(), 23);
        for m in &models {
            // One legend entry per model and one marker per defined value.
            assert_eq!(svg.matches(&format!(">{}</text>", m.name)).count(), 1);
        }
        assert!(svg.contains("<title>FDM: 8 series, range 0.00% to 35.00%, median 17.50%</title>"));
        assert!(svg.contains("<title>EC: 7 series, range 1.00% to 1.00%, median 1.00%</title>"));
        // Markers of one category side by side: the circles of series 0 and 7 (same shape,
        // 7 + 0 and 0 + 0 mod 7) at two x positions.
        let xs = attrs(&svg, "<circle class=\"marker\"", "cx");
        assert!(xs.len() >= 2 && xs[0] != xs[1], "{xs:?}");
    }

    #[test]
    fn stacked_segments_sum_to_the_whole() {
        let cats = vec!["FDM".to_string(), "EC".to_string(), "HC".to_string()];
        let parts = vec![
            Series {
                name: "full refusal".into(),
                values: vec![Some(0.25), Some(0.0), None],
            },
            Series {
                name: "partial refusal".into(),
                values: vec![Some(0.5), Some(0.1), None],
            },
            Series {
                name: "no refusal".into(),
                values: vec![Some(0.25), Some(0.9), None],
            },
        ];
        let svg = stacked("Response modes", &cats, &parts);
        let heights = attrs(&svg, "<rect class=\"segment\"", "height");
        let ys = attrs(&svg, "<rect class=\"segment\"", "y");
        assert_eq!(heights.len(), 6);
        for bar in [&heights[..3], &heights[3..]] {
            let total: f64 = bar.iter().sum();
            assert!((total - plot_height()).abs() < 0.3, "{total}");
        }
        // Each segment sits on the one below it.
        for i in [0, 1, 3, 4] {
            assert!(
                (ys[i] - (ys[i + 1] + heights[i + 1])).abs() < 0.15,
                "{ys:?} {heights:?}"
            );
        }
        assert!(svg.contains("<title>partial refusal, FDM: 50.00%</title>"));
        assert!(svg.contains(">50%</text>") && svg.contains(">90%</text>"));
        assert_eq!(svg.matches(">no refusal</text>").count(), 1);
    }

    #[test]
    fn stacked_figures_are_offset() {
        let one = bars("x", &["a".into()], &series());
        let both = stack(&[&one, &one]);
        let h = chart_height(&series());
        assert_eq!(h, 316.0);
        assert!(both.contains("<svg y=\"0\" ") && both.contains("<svg y=\"324\" "));
        assert_eq!(attribute(&both, "height"), Some(640.0));
    }
}
