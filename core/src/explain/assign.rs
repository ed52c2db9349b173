//! Polynomial assignment algorithms on at most 64 × 64 column pairs.

/// A maximum-weight one-to-one assignment of rows to columns of a rectangular weight
/// matrix (Hungarian algorithm, O(r²·c)). Every row is assigned when rows ≤ columns,
/// every column otherwise. Returns for each row its column, or `None`.
pub(crate) fn max_weight_assignment(weights: &[Vec<i64>]) -> Vec<Option<usize>> {
    let rows = weights.len();
    let cols = weights.first().map_or(0, Vec::len);
    if rows == 0 || cols == 0 {
        return vec![None; rows];
    }
    if rows <= cols {
        hungarian(rows, cols, |r, c| weights[r][c])
            .into_iter()
            .map(Some)
            .collect()
    } else {
        let by_column = hungarian(cols, rows, |c, r| weights[r][c]);
        let mut out = vec![None; rows];
        for (c, r) in by_column.into_iter().enumerate() {
            out[r] = Some(c);
        }
        out
    }
}

/// Classic O(n²m) Hungarian algorithm with potentials, maximizing `weight(row, col)` over
/// n ≤ m; returns each row's column. Ties resolve deterministically (lowest column first).
fn hungarian(n: usize, m: usize, weight: impl Fn(usize, usize) -> i64) -> Vec<usize> {
    const INF: i64 = i64::MAX / 4;
    // 1-based arrays as in the textbook formulation; cost = -weight.
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; m + 1];
    let mut owner = vec![0usize; m + 1]; // column -> row (0 = free)
    let mut way = vec![0usize; m + 1];
    for row in 1..=n {
        owner[0] = row;
        let mut col0 = 0usize;
        let mut min_to = vec![INF; m + 1];
        let mut used = vec![false; m + 1];
        loop {
            used[col0] = true;
            let r0 = owner[col0];
            let mut delta = INF;
            let mut col1 = 0usize;
            for col in 1..=m {
                if used[col] {
                    continue;
                }
                let reduced = -weight(r0 - 1, col - 1) - u[r0] - v[col];
                if reduced < min_to[col] {
                    min_to[col] = reduced;
                    way[col] = col0;
                }
                if min_to[col] < delta {
                    delta = min_to[col];
                    col1 = col;
                }
            }
            for col in 0..=m {
                if used[col] {
                    u[owner[col]] += delta;
                    v[col] -= delta;
                } else {
                    min_to[col] -= delta;
                }
            }
            col0 = col1;
            if owner[col0] == 0 {
                break;
            }
        }
        loop {
            let col1 = way[col0];
            owner[col0] = owner[col1];
            col0 = col1;
            if col0 == 0 {
                break;
            }
        }
    }
    let mut out = vec![0usize; n];
    for col in 1..=m {
        if owner[col] != 0 {
            out[owner[col] - 1] = col - 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_best(weights: &[Vec<i64>]) -> i64 {
        fn go(w: &[Vec<i64>], row: usize, used: &mut Vec<bool>) -> i64 {
            if row == w.len() {
                return 0;
            }
            let mut best = i64::MIN;
            for c in 0..used.len() {
                if !used[c] {
                    used[c] = true;
                    best = best.max(w[row][c] + go(w, row + 1, used));
                    used[c] = false;
                }
            }
            best
        }
        go(weights, 0, &mut vec![false; weights[0].len()])
    }

    #[test]
    fn hungarian_is_optimal_on_small_matrices() {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % 10
        };
        for _ in 0..300 {
            let rows = 1 + next() as usize % 5;
            let cols = rows + next() as usize % 3;
            let w: Vec<Vec<i64>> = (0..rows)
                .map(|_| (0..cols).map(|_| next() as i64).collect())
                .collect();
            let got = max_weight_assignment(&w);
            let mut used = vec![false; cols];
            let mut total = 0;
            for (r, c) in got.iter().enumerate() {
                let c = c.unwrap();
                assert!(!used[c]);
                used[c] = true;
                total += w[r][c];
            }
            assert_eq!(total, brute_best(&w));
            // The transposed problem leaves some rows unassigned but has the same optimum.
            let t: Vec<Vec<i64>> = (0..cols)
                .map(|c| (0..rows).map(|r| w[r][c]).collect())
                .collect();
            let got_t = max_weight_assignment(&t);
            let total_t: i64 = got_t
                .iter()
                .enumerate()
                .filter_map(|(c, r)| r.map(|r| t[c][r]))
                .sum();
            assert_eq!(total_t, total);
            assert_eq!(got_t.iter().flatten().count(), rows);
        }
    }
}
