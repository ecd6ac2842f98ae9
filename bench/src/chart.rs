//! Scatter charts, bytes against decode time, one per record dataset, as
//! self-contained SVG (no plotting dependency).

use std::fmt::Write as _;

/// One codec's point.
#[derive(Debug, Clone)]
pub struct Point {
    /// Codec label.
    pub label: &'static str,
    /// Encoded size, bytes.
    pub bytes: f64,
    /// Median decode time, µs.
    pub micros: f64,
}

const W: f64 = 720.0;
const H: f64 = 460.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 150.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;

/// A log-scaled axis over the decades that cover `values`.
struct Axis {
    lo: f64,
    hi: f64,
}

impl Axis {
    fn covering(values: impl Iterator<Item = f64>) -> Axis {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for v in values.filter(|v| *v > 0.0) {
            lo = lo.min(v);
            hi = hi.max(v);
        }
        if !lo.is_finite() {
            return Axis { lo: 0.0, hi: 1.0 };
        }
        // Snap outwards to the nearest 1-2-5 ticks, so the data fills the
        // plot and both ends are labelled.
        let ticks = nice_ticks(lo.log10().floor() - 1.0, hi.log10().ceil() + 1.0);
        let lo_tick = ticks.iter().copied().rev().find(|t| *t <= lo).unwrap_or(lo);
        let hi_tick = ticks.iter().copied().find(|t| *t >= hi).unwrap_or(hi);
        let (lo, hi) = (lo_tick.log10(), hi_tick.log10());
        Axis {
            lo,
            hi: if hi > lo { hi } else { lo + 1.0 },
        }
    }

    /// Position of `v` in 0..=1 along the axis.
    fn frac(&self, v: f64) -> f64 {
        (v.max(f64::MIN_POSITIVE).log10() - self.lo) / (self.hi - self.lo)
    }

    /// Tick values: 1, 2 and 5 times each power of ten in range.
    fn ticks(&self) -> Vec<f64> {
        nice_ticks(self.lo.floor(), self.hi.ceil())
            .into_iter()
            .filter(|t| t.log10() >= self.lo - 1e-9 && t.log10() <= self.hi + 1e-9)
            .collect()
    }
}

/// 1, 2 and 5 times every power of ten from `10^from` to `10^to`, ascending.
fn nice_ticks(from: f64, to: f64) -> Vec<f64> {
    let mut out = Vec::new();
    let mut decade = from;
    while decade <= to {
        for m in [1.0, 2.0, 5.0] {
            out.push(m * 10f64.powf(decade));
        }
        decade += 1.0;
    }
    out
}

fn tick_text(v: f64) -> String {
    if v >= 1e6 {
        format!("{}M", v / 1e6)
    } else if v >= 1e3 {
        format!("{}k", v / 1e3)
    } else {
        format!("{v}")
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The chart of `dataset`; `None` when no codec has both numbers.
pub fn scatter(dataset: &str, subtitle: &str, points: &[Point]) -> Option<String> {
    if points.is_empty() {
        return None;
    }
    let x = Axis::covering(points.iter().map(|p| p.bytes));
    let y = Axis::covering(points.iter().map(|p| p.micros));
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let px = |v: f64| LEFT + x.frac(v) * plot_w;
    let py = |v: f64| TOP + plot_h - y.frac(v) * plot_h;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{LEFT}" y="18" font-size="14" font-weight="bold">{}</text>"#,
        escape(dataset)
    );
    let _ = writeln!(
        s,
        r##"<text x="{LEFT}" y="32" fill="#555">{}</text>"##,
        escape(subtitle)
    );
    for t in x.ticks() {
        let gx = px(t);
        let _ = writeln!(
            s,
            r##"<line x1="{gx:.1}" y1="{TOP}" x2="{gx:.1}" y2="{:.1}" stroke="#ddd"/><text x="{gx:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            TOP + plot_h,
            TOP + plot_h + 14.0,
            tick_text(t)
        );
    }
    for t in y.ticks() {
        let gy = py(t);
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{gy:.1}" x2="{:.1}" y2="{gy:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            LEFT + plot_w,
            LEFT - 6.0,
            gy + 4.0,
            tick_text(t)
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">encoded size, bytes (log)</text>"#,
        LEFT + plot_w / 2.0,
        H - 12.0
    );
    let _ = writeln!(
        s,
        r#"<text transform="translate(18 {:.1}) rotate(-90)" text-anchor="middle">decode, µs per op (log)</text>"#,
        TOP + plot_h / 2.0
    );
    // Labels go right of their point; one that would overlap a point or a
    // label already placed moves a line down or up, nearest first.
    let mut order: Vec<&Point> = points.iter().collect();
    order.sort_by(|a, b| b.micros.total_cmp(&a.micros));
    // x, baseline y, width of every occupied box; the points come first.
    let mut placed: Vec<(f64, f64, f64)> = points
        .iter()
        .map(|p| (px(p.bytes) - 4.0, py(p.micros) + 4.0, 8.0))
        .collect();
    for p in order {
        let colour = if p.label.starts_with("boring") {
            "#c0392b"
        } else {
            "#2c3e50"
        };
        let (cx, cy) = (px(p.bytes), py(p.micros));
        let (lx, width) = (cx + 6.0, 6.2 * p.label.len() as f64);
        let free = |y: f64| {
            !placed
                .iter()
                .any(|&(x, py, w)| (y - py).abs() < 11.0 && lx < x + w && x < lx + width)
        };
        let ly = [0.0, 11.0, -11.0, 22.0, -22.0, 33.0, -33.0]
            .iter()
            .map(|dy| cy + 4.0 + dy)
            .find(|&y| free(y))
            .unwrap_or(cy + 4.0);
        placed.push((lx, ly, width));
        let _ = writeln!(
            s,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="4" fill="{colour}"/><text x="{lx:.1}" y="{ly:.1}" fill="{colour}">{}</text>"##,
            escape(p.label)
        );
    }
    s.push_str("</svg>\n");
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_snaps_to_nice_ticks() {
        let a = Axis::covering([150.0, 42_000.0].into_iter());
        assert!((a.lo - 100f64.log10()).abs() < 1e-9);
        assert!((a.hi - 50_000f64.log10()).abs() < 1e-9);
        assert!(a.frac(100.0).abs() < 1e-9 && (a.frac(50_000.0) - 1.0).abs() < 1e-9);
        assert_eq!(a.ticks().first().copied(), Some(100.0));
        assert_eq!(a.ticks().last().copied(), Some(50_000.0));
    }

    #[test]
    fn chart_has_one_point_per_codec() {
        let points = [
            Point {
                label: "a",
                bytes: 10.0,
                micros: 1.0,
            },
            Point {
                label: "b<c",
                bytes: 100.0,
                micros: 3.0,
            },
        ];
        let svg = scatter("d", "s", &points).unwrap_or_default();
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains("b&lt;c"));
        assert!(scatter("d", "s", &[]).is_none());
    }
}
