//! Small statistics shared by the benchmarks: nearest-rank percentiles.

/// Percentile by nearest rank of sorted values (`p` in 0..=1); NaN if empty.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The values in ascending order.
pub fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v
}

/// One line of a sorted sample in µs: p50, p90, p99 and the largest.
pub fn summary(name: &str, v: &[f64]) -> String {
    format!(
        "{name}: p50 {:.1} µs, p90 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
        percentile(v, 0.5),
        percentile(v, 0.9),
        percentile(v, 0.99),
        v.last().copied().unwrap_or(f64::NAN)
    )
}
