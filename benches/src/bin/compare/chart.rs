//! The bar chart of fastwire's ratios, as plain SVG text: one panel per format, a group of
//! bars per workload and direction (one bar per other library), on a logarithmic axis with
//! 1x (as fast as fastwire) marked.

use std::fmt::Write as _;

use crate::contender::Direction;
use crate::report::{peers, Format, Measured};

const WIDTH: f64 = 980.0;
const LABEL: f64 = 330.0;
const RIGHT: f64 = 60.0;
const BAR: f64 = 6.0;
const GAP: f64 = 1.5;
const GROUP_GAP: f64 = 7.0;
/// The axis: 1/8x to 32x.
const MIN_LOG2: f64 = -3.0;
const MAX_LOG2: f64 = 5.0;
const COLORS: [&str; 8] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#9c755f", "#76b7b2", "#edc948",
];

fn x(ratio: f64) -> f64 {
    let t = (ratio.log2().clamp(MIN_LOG2, MAX_LOG2) - MIN_LOG2) / (MAX_LOG2 - MIN_LOG2);
    LABEL + t * (WIDTH - LABEL - RIGHT)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('`', "")
}

/// The chart of `results`, with `caption` under the title.
pub fn svg(results: &[Measured], caption: &str) -> String {
    // The caption, wrapped at its semicolons to fit the width.
    let mut caption_lines: Vec<String> = vec![String::new()];
    for part in caption.split("; ") {
        let line = caption_lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + part.len() > 150 {
            caption_lines.push(part.to_owned());
        } else {
            if !line.is_empty() {
                line.push_str("; ");
            }
            line.push_str(part);
        }
    }
    let mut body = String::new();
    let mut y = 34.0 + 14.0 * caption_lines.len() as f64;
    for format in [Format::Json, Format::MessagePack] {
        let rows: Vec<&Measured> = results.iter().filter(|m| m.format == format).collect();
        if rows.is_empty() {
            continue;
        }
        let peers = peers(&rows);
        y = panel(&mut body, format, &rows, &peers, y + 20.0);
    }
    let height = y + 20.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0}" viewBox="0 0 {WIDTH} {height:.0}" font-family="Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="12" y="22" font-size="16" font-weight="bold">fastwire's speed as a multiple of each library's (above 1x: fastwire is faster)</text>"#
    );
    for (i, line) in caption_lines.iter().enumerate() {
        let _ = writeln!(
            out,
            r##"<text x="12" y="{}" font-size="11" fill="#555">{}</text>"##,
            40 + 14 * i,
            escape(line)
        );
    }
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

/// Draws one format's panel from `top`; returns where it ends.
fn panel(out: &mut String, format: Format, rows: &[&Measured], peers: &[String], top: f64) -> f64 {
    let _ = writeln!(
        out,
        r#"<text x="12" y="{:.1}" font-size="14" font-weight="bold">{}</text>"#,
        top + 12.0,
        format.name()
    );
    // The legend, wrapped to the width.
    let (mut lx, mut ly) = (LABEL, top);
    for (i, peer) in peers.iter().enumerate() {
        let width = 24.0 + 6.5 * peer.len() as f64;
        if lx + width > WIDTH - 10.0 {
            (lx, ly) = (LABEL, ly + 16.0);
        }
        let _ = writeln!(
            out,
            r#"<rect x="{lx:.1}" y="{:.1}" width="10" height="10" fill="{}"/><text x="{:.1}" y="{:.1}" font-size="11">{}</text>"#,
            ly + 3.0,
            COLORS[i % COLORS.len()],
            lx + 14.0,
            ly + 12.0,
            escape(peer)
        );
        lx += width;
    }
    let plot_top = ly + 30.0;
    let mut y = plot_top;
    let mut groups = String::new();
    for m in rows {
        for d in [Direction::Encode, Direction::Decode, Direction::RoundTrip] {
            let bars: Vec<(usize, f64)> = peers
                .iter()
                .enumerate()
                .filter_map(|(i, peer)| {
                    let o = m.outcomes.iter().skip(1).find(|o| &o.name == peer)?;
                    Some((i, m.ratio(o, d)?))
                })
                .collect();
            if bars.is_empty() {
                continue;
            }
            let height = bars.len() as f64 * (BAR + GAP);
            let _ = writeln!(
                groups,
                r#"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="end">{} · {}</text>"#,
                LABEL - 8.0,
                y + height / 2.0 + 3.5,
                escape(&m.title),
                d.name()
            );
            for (i, r) in bars {
                let (a, b) = (x(1.0), x(r));
                let (left, width) = if b >= a { (a, b - a) } else { (b, a - b) };
                let _ = writeln!(
                    groups,
                    r#"<rect x="{left:.1}" y="{y:.1}" width="{:.1}" height="{BAR}" fill="{}"><title>{} vs {}: {r:.2}x</title></rect>"#,
                    width.max(0.5),
                    COLORS[i % COLORS.len()],
                    escape(&m.title),
                    escape(&peers[i]),
                );
                let label_x = if b >= a { b + 3.0 } else { b - 3.0 };
                let anchor = if b >= a { "start" } else { "end" };
                let _ = writeln!(
                    groups,
                    r##"<text x="{label_x:.1}" y="{:.1}" font-size="7" fill="#333" text-anchor="{anchor}">{r:.2}</text>"##,
                    y + BAR - 0.5
                );
                y += BAR + GAP;
            }
            y += GROUP_GAP;
        }
    }
    // The grid, under the bars.
    let mut k = MIN_LOG2;
    while k <= MAX_LOG2 {
        let r = k.exp2();
        let gx = x(r);
        let (stroke, w) = if k == 0.0 {
            ("#000", 1.2)
        } else {
            ("#ccc", 0.6)
        };
        let _ = writeln!(
            out,
            r#"<line x1="{gx:.1}" y1="{:.1}" x2="{gx:.1}" y2="{y:.1}" stroke="{stroke}" stroke-width="{w}"/>"#,
            plot_top - 4.0
        );
        let label = if r < 1.0 {
            format!("{r}x")
        } else {
            format!("{r:.0}x")
        };
        let _ = writeln!(
            out,
            r##"<text x="{gx:.1}" y="{:.1}" font-size="9" fill="#555" text-anchor="middle">{label}</text>"##,
            y + 10.0
        );
        k += 1.0;
    }
    out.push_str(&groups);
    y + 14.0
}
