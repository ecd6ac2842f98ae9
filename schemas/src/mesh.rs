//! A triangle mesh: 125 000 triangles, each three vertices and a normal as
//! `[f32; 3]`. Vertices lie on a jittered grid, so neighbouring triangles
//! share coordinates the way a real mesh does, while every float has random
//! low bits.

use crate::rng::SplitMix64;

/// One triangle.
#[derive(Debug, Clone, PartialEq, boring::Boring)]
#[cfg_attr(
    feature = "peers",
    derive(
        serde::Serialize,
        serde::Deserialize,
        bitcode::Encode,
        bitcode::Decode,
        minicbor::Encode,
        minicbor::Decode
    )
)]
pub struct Triangle {
    /// First vertex.
    #[cfg_attr(feature = "peers", n(0))]
    pub v0: [f32; 3],
    /// Second vertex.
    #[cfg_attr(feature = "peers", n(1))]
    pub v1: [f32; 3],
    /// Third vertex.
    #[cfg_attr(feature = "peers", n(2))]
    pub v2: [f32; 3],
    /// Unit normal.
    #[cfg_attr(feature = "peers", n(3))]
    pub normal: [f32; 3],
}

/// The number of triangles in the benchmark dataset.
pub const TRIANGLES: usize = 125_000;

/// `n` triangles from `seed` (two per grid cell).
pub fn generate(seed: u64, n: usize) -> Vec<Triangle> {
    let mut rng = SplitMix64::new(seed);
    // Grid wide enough for n / 2 cells; heights come from one table so that
    // shared vertices really are equal.
    let side = ((n / 2) as f64).sqrt().ceil() as usize + 1;
    let heights: Vec<f32> = (0..side * side).map(|_| rng.unit_f32() * 4.0).collect();
    let vertex = |x: usize, y: usize| -> [f32; 3] {
        let h = heights.get(y * side + x).copied().unwrap_or(0.0);
        [x as f32 * 0.5, y as f32 * 0.5, h]
    };
    let mut out = Vec::with_capacity(n);
    let mut cell = 0usize;
    while out.len() < n {
        let (x, y) = (cell % (side - 1), cell / (side - 1));
        let (a, b, c, d) = (
            vertex(x, y),
            vertex(x + 1, y),
            vertex(x, y + 1),
            vertex(x + 1, y + 1),
        );
        for (v0, v1, v2) in [(a, b, c), (b, d, c)] {
            if out.len() < n {
                out.push(Triangle {
                    v0,
                    v1,
                    v2,
                    normal: normal(v0, v1, v2),
                });
            }
        }
        cell += 1;
    }
    out
}

fn normal(a: [f32; 3], b: [f32; 3], c: [f32; 3]) -> [f32; 3] {
    let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    if len > 0.0 {
        [n[0] / len, n[1] / len, n[2] / len]
    } else {
        [0.0, 0.0, 1.0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_with_unit_normals() {
        let m = generate(crate::SEED, 1000);
        assert_eq!(m.len(), 1000);
        assert_eq!(m, generate(crate::SEED, 1000));
        for t in &m {
            let n = t.normal;
            let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            assert!((len - 1.0).abs() < 1e-4);
            assert!(t.v0.iter().chain(&t.v1).chain(&t.v2).all(|f| f.is_finite()));
        }
        // Neighbouring triangles share a vertex.
        assert_eq!(m[0].v1, m[1].v0);
    }
}
